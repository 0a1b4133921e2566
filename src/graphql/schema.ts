import { builder } from './builder';
import './types/scalars';
import './types/enums';
import './types/blockRef';
import './types/accountState';
import './types/addressBook';
import './types/description';
import './types/message';
import './types/transaction';

export const schema = builder.toSchema();
