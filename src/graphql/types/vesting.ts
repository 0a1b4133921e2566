/**
 * Vesting wallets (ton-indexer `vesting_contracts`, `vesting_whitelist`): the twin of `vesting` as a connection
 * with keyset cursors, and `Account.vestings` (the contracts an account owns, funded or is whitelisted on, each
 * edge saying which), batched by loaders.
 */
import { VESTING_KEY, vestingContractsKeyset, type VestingKeyRow, type VestingRole as VestingRoleValue, type WalletVestingRow } from '../../data/vesting';
import { numberOrNull } from '../../encoding/numbers';
import { VESTING, vestingRequest, WHITELIST_PER_CONTRACT } from '../../operations/vesting';
import { graphqlSource } from '../../params/spec';
import { builder } from '../builder';
import { filteredConnection, keysetConnection, pageComplexity } from '../connection';
import { OFFSET_PAGING, routeArgs } from '../params';
import { accountOf } from '../assets';
import { Account } from './account';

const VestingContract = builder.objectRef<VestingKeyRow>('VestingContract').implement({
  description:
    "A vesting wallet (ton-indexer `vesting_contracts`, REST's `vesting` entry): `totalAmount` nanotons a sender locked for an owner, released every `unlockPeriod` over `totalDuration` from `startTime`, nothing before the cliff; until then the owner may send only to the whitelisted addresses.",
  fields: (t) => ({
    address: t.exposeString('address', { description: 'Raw address of the vesting contract.' }),
    account: t.field({
      type: Account,
      description: 'The vesting contract as an account (its state, balance, history, …).',
      resolve: (v) => ({ address: v.address }),
    }),
    startTime: t.int({ nullable: true, description: 'Unix time (seconds) the vesting starts.', resolve: (v) => numberOrNull(v.vesting_start_time) }),
    totalDuration: t.int({
      nullable: true,
      description: 'Seconds from the start until everything is released.',
      resolve: (v) => numberOrNull(v.vesting_total_duration),
    }),
    unlockPeriod: t.int({ nullable: true, description: 'Seconds between two releases.', resolve: (v) => numberOrNull(v.unlock_period) }),
    cliffDuration: t.int({
      nullable: true,
      description: 'Seconds from the start before anything is released (0: no cliff).',
      resolve: (v) => numberOrNull(v.cliff_duration),
    }),
    totalAmount: t.field({ type: 'BigInt', nullable: true, description: 'Nanotons locked in total.', resolve: (v) => v.vesting_total_amount }),
    senderAddress: t.exposeString('vesting_sender_address', { nullable: true, description: 'Who funded the vesting, raw.' }),
    sender: t.field({ type: Account, nullable: true, description: 'Who funded the vesting.', resolve: (v) => accountOf(v.vesting_sender_address) }),
    ownerAddress: t.exposeString('owner_address', { nullable: true, description: 'Who receives what it releases, raw.' }),
    owner: t.field({
      type: Account,
      nullable: true,
      description: 'Who receives what it releases (the wallet owning the contract).',
      resolve: (v) => accountOf(v.owner_address),
    }),
    whitelistAddresses: t.stringList({
      description: `The addresses the owner may send locked funds to, raw, in the database's order; at most ${WHITELIST_PER_CONTRACT}, as REST carries them.`,
      resolve: (v, _args, ctx) => ctx.loaders.vesting.whitelist.load(v.address),
    }),
    whitelist: t.field({
      type: [Account],
      description: `The whitelisted addresses as accounts, in the database's order; at most ${WHITELIST_PER_CONTRACT}, as REST carries them.`,
      complexity: { field: 1, multiplier: 3 },
      resolve: async (v, _args, ctx) => (await ctx.loaders.vesting.whitelist.load(v.address)).map((address) => ({ address })),
    }),
  }),
});

const VestingRole = builder.enumType('VestingRole', {
  description: 'How an account is party to a vesting contract.',
  values: {
    OWNER: { value: 'owner', description: 'It owns the contract: it receives what the vesting releases.' },
    SENDER: { value: 'sender', description: 'It funded the vesting (`vesting_sender_address`).' },
    WHITELISTED: { value: 'whitelisted', description: "It is on the contract's whitelist: the owner may send locked funds to it." },
  },
});

const ALL_ROLES: VestingRoleValue[] = ['owner', 'sender', 'whitelisted'];

const VestingContractConnection = builder.connectionObject(
  { type: VestingContract, name: 'VestingContractConnection', description: 'A page of vesting contracts with keyset cursors (Relay connection).' },
  { name: 'VestingContractEdge', description: 'A vesting contract in a page, with its cursor.' },
);

const AccountVestingConnection = builder.connectionObject(
  {
    type: VestingContract,
    name: 'AccountVestingConnection',
    description: "A page of an account's vesting contracts with keyset cursors (Relay connection); each edge says how the account is party to it.",
  },
  {
    name: 'AccountVestingEdge',
    description: "One of the account's vesting contracts, with its cursor and the account's roles in it.",
    fields: (t) => ({
      roles: t.field({
        type: [VestingRole],
        description: 'Every way the account is party to this contract (owner, sender, whitelisted), whichever roles the list was asked for.',
        resolve: (edge) => {
          const v = edge.node as WalletVestingRow;
          return ALL_ROLES.filter((r) => (r === 'owner' ? v.is_owner : r === 'sender' ? v.is_sender : v.is_whitelisted));
        },
      }),
    }),
  },
);

builder.objectFields(Account, (t) => ({
  vestings: t.field({
    type: AccountVestingConnection,
    args: {
      ...t.arg.connectionArgs(),
      roles: t.arg({
        type: [VestingRole],
        description:
          "The roles to list contracts for (default all three: owner, sender, whitelisted; REST's `wallet_address` is owner and sender, with `check_whitelist` whitelisted too).",
      }),
    },
    complexity: pageComplexity,
    description:
      "The vesting contracts the account owns, funded or is whitelisted on (REST's `vesting?wallet_address=…&check_whitelist=true`), in the order they were first indexed (by id), as a connection with keyset cursors; each edge says how the account is party to it (`roles`). The pages of every account of a request are read in one statement.",
    resolve: (a, args, ctx) => {
      const roles = ALL_ROLES.filter((r) => (args.roles ?? ALL_ROLES).includes(r));
      return keysetConnection(
        'Account.vestings',
        VESTING_KEY,
        args,
        (v: WalletVestingRow) => v,
        async (page) => (roles.length === 0 ? [] : ctx.loaders.vesting.pages.load({ parent: a.address, group: roles, page })),
      );
    },
  }),
}));

builder.queryField('vestingContracts', (t) =>
  t.field({
    type: VestingContractConnection,
    args: { ...routeArgs(t.arg, VESTING, OFFSET_PAGING), ...t.arg.connectionArgs() },
    complexity: pageComplexity,
    description:
      "Vesting contracts (REST's `vesting`: by `contractAddress`, or by `walletAddress` as owner or sender, whitelisted too with `checkWhitelist`; give exactly one), in the order they were first indexed (by id, unique), as a connection with keyset cursors.",
    resolve: (_root, args, ctx) => {
      return filteredConnection('vestingContracts', args, () => {
        const { selector } = vestingRequest(graphqlSource(args));
        return { key: VESTING_KEY, fetch: (page) => vestingContractsKeyset(ctx.db, selector, page) };
      });
    },
  }),
);
