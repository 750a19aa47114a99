/**
 * The employees area's requests, one file each (docs/decisions/0235-web-request-files.md): `get-*.ts` holds a
 * read and its SWR hook, `<verb>-*.ts` a write and its `use<Verb><Thing>` hook. This barrel is what the
 * area's screens and other features import.
 */
export { useCancelEmailChange } from './cancel-email-change.js';
export { useCreateJobRole } from './create-job-role.js';
export { useDeactivateEmployee } from './deactivate-employee.js';
export { useDeleteDocument } from './delete-document.js';
export { useDeleteEmployee } from './delete-employee.js';
export { deletePicture } from './delete-picture.js';
export { getDocumentFile } from './get-document-file.js';
export { useDocuments } from './get-documents.js';
export { useEmployee } from './get-employee.js';
export { useEmployees } from './get-employees.js';
export { useJobRoles } from './get-job-roles.js';
export { useLocationList } from './get-locations.js';
export { useInviteEmployee } from './invite-employee.js';
export { EMPLOYEE_DETAIL, EMPLOYEE_DOCUMENTS, EMPLOYEE_LIST, EMPLOYEES, JOB_ROLES } from './keys.js';
export { useResendEmailChange } from './resend-email-change.js';
export { useResendInvite } from './resend-invite.js';
export { saveErrorMessage } from './save-error.js';
export type { Employee, EmployeeDetail, EmployeeDocument } from './types.js';
export { updateEmployee, useUpdateEmployee } from './update-employee.js';
export { uploadDocument } from './upload-document.js';
export { uploadPicture } from './upload-picture.js';
