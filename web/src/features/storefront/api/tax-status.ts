import type { z } from 'zod';
import type { taxResponse } from '../../../../../shared/contract/settings-models.js';
import { ApiRequestError } from '../../../api/client.js';
import { TOKEN_KEY } from '../../../api/keys.js';

export type Tax = z.output<typeof taxResponse>['data'];
/** A tax call's outcome as the tax screen words it (R-SET-4): a status (0: no token in storage) and the data. */
export type TaxOutcome = { status: number; data?: Tax };

/** Runs a tax request, turning the API's refusals into their status; other failures (network) throw. */
export async function taxOutcome(request: () => Promise<{ data: Tax }>): Promise<TaxOutcome> {
  if (!localStorage.getItem(TOKEN_KEY)) return { status: 0 };
  try {
    return { status: 200, data: (await request()).data };
  } catch (e) {
    if (e instanceof ApiRequestError) return { status: e.status };
    throw e;
  }
}
