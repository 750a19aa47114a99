import { Alert, Avatar, Button, HStack, Stack } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { initials } from '../../../../shared/domain/employees.js';
import { PHOTO_CONTENT_TYPES, PHOTO_MESSAGES, photoProblem } from '../../../../shared/domain/photos.js';
import { useSubmissionKey } from '../../api/submission-key.js';
import { notify } from '../../components/toaster.js';
import { useConfirm } from '../../components/useConfirm.js';
import { deletePicture, saveErrorMessage, uploadPicture, type EmployeeDetail } from './api/index.js';

/**
 * The header's picture (R-EMP-8): the picture or the initials; whoever may edit the employee
 * adds, changes or removes it (docs/decisions/0227-employees-picture-upload.md).
 */
export function ProfilePicture({
  employee: e,
  canEdit,
  onChanged,
}: {
  employee: EmployeeDetail;
  canEdit: boolean;
  onChanged: (e: EmployeeDetail) => void | Promise<unknown>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const submission = useSubmissionKey();
  const { confirm, confirmDialog } = useConfirm();

  const avatar = (
    <Avatar.Root size="2xl" colorPalette="brand">
      {e.profilePicture ? <Avatar.Image src={e.profilePicture} alt={`${e.firstName} ${e.lastName}`} /> : null}
      <Avatar.Fallback aria-hidden>{initials(e.firstName, e.lastName)}</Avatar.Fallback>
    </Avatar.Root>
  );
  if (!canEdit) return avatar;

  const choose = async (file: File | undefined) => {
    // The same file chosen again after a failure is a new choice.
    if (input.current) input.current.value = '';
    if (!file) return;
    const refused = photoProblem(file);
    if (refused) return setProblem(refused);
    setProblem(null);
    setBusy('upload');
    try {
      const updated = await submission.send([e.id, file.name, file.size, file.lastModified], (key) =>
        uploadPicture(e.id, file, key),
      );
      await onChanged(updated);
      notify.success('Picture updated');
    } catch (err) {
      // A refused picture's photo is gone: the same file chosen again needs a fresh form, not the stored answer.
      submission.renew();
      setProblem(saveErrorMessage(err, PHOTO_MESSAGES.uploadFailed));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    const ok = await confirm({
      title: 'Remove picture',
      message: `Remove the picture of ${e.firstName} ${e.lastName}? Their initials show instead.`,
      confirmLabel: 'Remove',
      destructive: true,
    });
    if (!ok) return;
    setProblem(null);
    setBusy('remove');
    try {
      await onChanged(await deletePicture(e.id));
      notify.success('Picture removed');
    } catch (err) {
      setProblem(saveErrorMessage(err, 'Failed to remove the picture'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="2" align={{ base: 'start', sm: 'center' }} maxW={{ base: 'full', sm: '48' }}>
      {avatar}
      <input
        ref={input}
        type="file"
        accept={PHOTO_CONTENT_TYPES.join(',')}
        hidden
        aria-label="Picture file"
        onChange={(ev) => void choose(ev.target.files?.[0])}
      />
      <HStack gap="1" wrap="wrap" justify={{ base: 'start', sm: 'center' }}>
        <Button
          size="xs"
          variant="outline"
          loading={busy === 'upload'}
          loadingText="Uploading…"
          disabled={busy !== null}
          onClick={() => input.current?.click()}
        >
          {e.profilePicture ? 'Change picture' : 'Add picture'}
        </Button>
        {e.profilePicture && (
          <Button
            size="xs"
            variant="ghost"
            colorPalette="red"
            loading={busy === 'remove'}
            disabled={busy !== null}
            onClick={() => void remove()}
          >
            Remove
          </Button>
        )}
      </HStack>
      {problem && (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Title>{problem}</Alert.Title>
        </Alert.Root>
      )}
      {confirmDialog}
    </Stack>
  );
}
