import { builder } from '../builder';

// Values are typed as plain strings so fields can expose the database's text columns directly.
const lowerCaseValues = (values: readonly string[]): Record<string, { value: string }> =>
  Object.fromEntries(values.map((v) => [v.toUpperCase(), { value: v }]));

export const SortOrder = builder.enumType('SortOrder', {
  description: 'Order by logical time.',
  values: lowerCaseValues(['asc', 'desc']),
});

export const AccountStatus = builder.enumType('AccountStatus', {
  values: lowerCaseValues(['uninit', 'frozen', 'active', 'nonexist']),
});

export const TransactionType = builder.enumType('TransactionType', {
  values: lowerCaseValues(['ord', 'storage', 'tick_tock', 'split_prepare', 'split_install', 'merge_prepare', 'merge_install']),
});

export const StatusChange = builder.enumType('StatusChange', {
  values: lowerCaseValues(['unchanged', 'frozen', 'deleted']),
});

export const BounceType = builder.enumType('BounceType', {
  values: lowerCaseValues(['negfunds', 'nofunds', 'ok']),
});

export const ComputeSkipReason = builder.enumType('ComputeSkipReason', {
  values: lowerCaseValues(['no_state', 'bad_state', 'no_gas', 'suspended']),
});

export const Finality = builder.enumType('Finality', {
  values: lowerCaseValues(['pending', 'confirmed', 'finalized']),
});
