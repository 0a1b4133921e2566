import { builder } from './builder';
import './types/scalars';
import './types/enums';
import './types/blockRef';
import './types/block';
import './types/accountState';
import './types/addressBook';
import './types/description';
import './types/parsedBody';
import './types/message';
import './types/metadata';
import './types/transaction';
import './types/action';
import './types/trace';
import './types/account';
import './types/live';
import './types/decode';

export const schema = builder.toSchema();
