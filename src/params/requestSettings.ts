/** TON Center's request-control settings, as both doors hand them to an operation. */
import { checkInteger } from './checks';

export interface RequestSettings {
  /** Statement timeout asked for by the client; it can only lower the service's own. */
  timeoutMs?: number;
  noAddressBook: boolean;
  noMetadata: boolean;
  /** `X-Actions-Version`: replaces `supported_action_types`, as on TON Center. */
  actionsVersion?: string;
}

/** `X-Timeout` / `x_timeout` in milliseconds; it can only lower the service's statement timeout. */
export const parseTimeoutMs = (raw: string | undefined) => (raw === undefined ? undefined : checkInteger('x_timeout', raw, 1, 600_000));
