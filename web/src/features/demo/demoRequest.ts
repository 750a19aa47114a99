import * as z from '../../../../shared/zod.js';
import { nonEmpty } from '../../../../shared/contract/common.js';
import { EMAIL_MESSAGE, isEmail } from '../../../../shared/domain/email.js';
import type { DemoRequest } from './demo.js';

/**
 * The demo request form (R-PLAT-7): first name, last name, e-mail and company required, the
 * rest optional. Nothing goes to a server (§7), so there is no contract route; the pieces are the
 * contract's (`nonEmpty`) and the product's one e-mail rule. Kept apart from demo.ts so that the
 * page's first load carries no zod (it loads with the form).
 */
export const demoRequestSchema = z.object({
  firstName: nonEmpty('First name is required'),
  lastName: nonEmpty('Last name is required'),
  email: nonEmpty('Email is required').check(z.refine(isEmail, EMAIL_MESSAGE)),
  phone: z.string(),
  company: nonEmpty('Company is required'),
  companySize: z.string(),
  industry: z.string(),
  currentSolution: z.string(),
  specificNeeds: z.string(),
  preferredTime: z.string(),
  message: z.string(),
}) satisfies z.ZodMiniType<DemoRequest, DemoRequest>;
