/**
 * The services' answers decoded by the contract's codecs (JSON-text fields → typed objects, checked
 * once). Loaded on first use by staff screens; the share page reads its answer with ./decode-public.ts.
 */
import * as z from '../../../../../shared/zod.js';
import { savedServiceResponse, staffServiceSchema } from '../../../../../shared/contract/responses.js';
import type { Answer } from '../../../api/client.js';

export const decodeService = (wire: Answer<'services.get'>) => z.decode(staffServiceSchema, wire);
export const decodeSavedService = (wire: Answer<'services.update'>) => z.decode(savedServiceResponse, wire);
