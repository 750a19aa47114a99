/**
 * The services' answers decoded by the contract's codecs (JSON-text fields → typed objects, checked
 * once). Loaded on first use, so the public share page's first load carries no zod or contract.
 */
import * as z from '../../../../../shared/zod.js';
import {
  publicServiceResponse,
  savedServiceResponse,
  staffServiceSchema,
} from '../../../../../shared/contract/responses.js';
import type { Answer } from '../../../api/client.js';

export const decodeService = (wire: Answer<'services.get'>) => z.decode(staffServiceSchema, wire);
export const decodeSavedService = (wire: Answer<'services.update'>) => z.decode(savedServiceResponse, wire);
export const decodePublicService = (wire: Answer<'services.publicGet'>) => z.decode(publicServiceResponse, wire).data;
