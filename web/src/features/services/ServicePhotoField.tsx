import { Box, Button, Field, HStack, IconButton, Image, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useSubmissionKey } from '../../api/submission-key.js';
import { CloseIcon } from '../../components/icons.js';
import { notify } from '../../components/toaster.js';
import { dirtying, type ServiceForm } from './ServiceFormSections.js';
import { photoProblem, uploadServicePhoto } from './photoUpload.js';

/** The service's photo: a preview, upload (uploaded at once, the form keeps its key) and remove. */
export function ServicePhotoField(props: {
  form: ServiceForm;
  serviceId: string | null;
  preview: string;
  setPreview: (p: string) => void;
  uploading: boolean;
  setUploading: (b: boolean) => void;
}) {
  const { form, serviceId, preview, setPreview, uploading, setUploading } = props;
  const [photoError, setPhotoError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const photoSubmission = useSubmissionKey();

  async function pickPhoto(file: File | undefined) {
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) {
      setPhotoError(problem);
      return;
    }
    setPhotoError(null);
    const local = URL.createObjectURL(file);
    setPreview(local);
    setUploading(true);
    try {
      const photo = [file.name, file.size, file.lastModified, serviceId ?? null];
      form.setValue(
        'photoBaseKey',
        await photoSubmission.send(photo, (key) => uploadServicePhoto(file, serviceId ?? undefined, key)),
        dirtying,
      );
    } catch {
      // R-SVC-1: on failure the preview is cleared.
      setPreview('');
      form.setValue('photoBaseKey', '', dirtying);
      notify.error('Failed to upload photo. Please try again.');
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  return (
    <Field.Root invalid={!!photoError}>
      <Field.Label>Photo</Field.Label>
      <HStack align="flex-start" gap="4">
        {preview ? (
          <Box position="relative">
            <Image
              src={preview}
              alt="Service photo preview"
              boxSize="120px"
              objectFit="cover"
              borderRadius="md"
              data-testid="photo-preview"
            />
            <IconButton
              aria-label="Remove photo"
              size="2xs"
              position="absolute"
              top="1"
              right="1"
              onClick={() => {
                setPreview('');
                form.setValue('photoBaseKey', '', dirtying);
              }}
            >
              <CloseIcon />
            </IconButton>
          </Box>
        ) : null}
        <Stack gap="1">
          <Button
            size="sm"
            variant="outline"
            loading={uploading}
            loadingText="Uploading..."
            onClick={() => fileInput.current?.click()}
          >
            {preview ? 'Change photo' : 'Upload photo'}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            hidden
            aria-label="Photo file"
            onChange={(e) => void pickPhoto(e.target.files?.[0])}
          />
          <Text fontSize="xs" color="fg.muted">
            PNG, JPG, GIF up to 10MB
          </Text>
        </Stack>
      </HStack>
      <Field.ErrorText>{photoError}</Field.ErrorText>
    </Field.Root>
  );
}
