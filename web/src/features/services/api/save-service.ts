import { api, type BodyOf } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { useSubmissionKey } from '../../../api/submission-key.js';
import { codecs } from './codecs.js';
import { SERVICES } from './keys.js';

type ServiceBody = BodyOf<'services.create'>;

export const createService = async (body: ServiceBody, idempotencyKey: string) =>
  (await codecs()).decodeSavedService(await api('services.create', { body, idempotencyKey }));
const updateService = async (id: string, body: BodyOf<'services.update'>) =>
  (await codecs()).decodeSavedService(await api('services.update', { params: { id }, body }));

/**
 * The service form's one Save: an update of `serviceId`, else a create under the form's submission key
 * (a retry or a second click is the same service). The services are read again.
 */
export function useSaveService(
  serviceId: string | null,
  texts: MutationTexts<[ServiceBody], Awaited<ReturnType<typeof createService>>>,
) {
  const submission = useSubmissionKey();
  return useMutationAction(
    (body: ServiceBody) =>
      serviceId ? updateService(serviceId, body) : submission.send(body, (key) => createService(body, key)),
    { ...texts, revalidate: [SERVICES] },
  );
}
