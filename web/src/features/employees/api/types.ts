import type { z } from 'zod';
import type {
  documentSchema,
  employeeDetailSchema,
  employeeSchema,
  jobRoleSchema,
} from '../../../../../shared/contract/employee-models.js';
import type { BodyOf } from '../../../api/client.js';

export type Employee = z.infer<typeof employeeSchema>;
export type EmployeeDetail = z.infer<typeof employeeDetailSchema>;
export type JobRole = z.infer<typeof jobRoleSchema>;
export type EmployeeDocument = z.infer<typeof documentSchema>;
export type InviteBody = BodyOf<'users.invite'>;
export type EmployeeUpdateBody = BodyOf<'users.update'>;
