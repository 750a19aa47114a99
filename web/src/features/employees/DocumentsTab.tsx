import { Alert, Box, Button, Card, Dialog, HStack, Input, Portal, Stack, Text, CloseButton } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_MAX_BYTES,
  EMPLOYEE_MESSAGES,
  documentExtension,
} from '../../../../shared/domain/employees.js';
import { DataTable, type Column } from '../../components/DataTable.js';
import { useOrgClock } from '../../app/time-zone.js';
import { FormField } from '../../components/form.js';
import { notify } from '../../components/toaster.js';
import { useConfirm } from '../../components/useConfirm.js';
import {
  saveErrorMessage,
  getDocumentFile,
  uploadDocument,
  useDeleteDocument,
  useDocuments,
  type EmployeeDocument,
} from './api/index.js';
import { useSubmissionKey } from '../../api/submission-key.js';

/** Bytes, KB or MB: a one-page PDF is not "0.00 MB". */
function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** R-EMP-1 Documents tab: list, upload with a name and a file, preview, download, delete. */
export function DocumentsTab({ userId, canEdit }: { userId: string; canEdit: boolean }) {
  const { data, error, isLoading, mutate } = useDocuments(userId);
  const clock = useOrgClock();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [preview, setPreview] = useState<{ url: string; mimeType: string; name: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { confirm, confirmDialog } = useConfirm();
  const submission = useSubmissionKey();
  const deleteDocument = useDeleteDocument({ failure: 'Failed to delete document', toastFailure: false });

  const upload = async () => {
    if (!name.trim() || !file) return setProblem(EMPLOYEE_MESSAGES.documentsRequired);
    if (!documentExtension(file.name)) return setProblem(EMPLOYEE_MESSAGES.documentType);
    if (file.size > DOCUMENT_MAX_BYTES) return setProblem(EMPLOYEE_MESSAGES.documentSize);
    setProblem(null);
    setUploading(true);
    try {
      await submission.send([userId, name.trim(), file.name, file.size, file.lastModified], (key) =>
        uploadDocument(userId, name.trim(), file, key),
      );
      setName('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      notify.success('Document uploaded successfully!');
      await mutate();
    } catch (e) {
      setProblem(`Failed to upload document: ${saveErrorMessage(e, 'no response from server')}`);
    } finally {
      setUploading(false);
    }
  };

  const open = async (d: EmployeeDocument, asPreview: boolean) => {
    if (asPreview && !d.previewable) return notify.info('Preview not available for this file type.');
    // PDFs open in a tab of their own (the page's security policy allows no frames); the tab is
    // opened during the click, so no popup blocker stops it, and pointed at the file once its link arrives.
    const tab = asPreview && !d.mimeType.startsWith('image/') ? window.open('', '_blank') : null;
    try {
      const link = await getDocumentFile(userId, d.id, asPreview);
      if (tab) {
        tab.opener = null;
        tab.location.href = link.url;
      } else if (asPreview) setPreview({ url: link.url, mimeType: link.mimeType, name: d.name });
      else window.location.assign(link.url);
    } catch {
      tab?.close();
      notify.error(
        asPreview
          ? 'Failed to load document for preview. Please try downloading it instead.'
          : 'Failed to download document',
      );
    }
  };

  const remove = async (d: EmployeeDocument) => {
    const ok = await confirm({
      title: 'Delete document',
      message: 'Are you sure you want to delete this document?',
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!ok) return;
    const r = await deleteDocument.run(userId, d.id);
    if (r.ok) return;
    notify.error(saveErrorMessage(r.error, 'Failed to delete document'));
    await mutate();
  };

  const columns: Column<EmployeeDocument>[] = [
    {
      key: 'name',
      header: 'Name',
      truncate: (d) => d.name,
      sortValue: (d) => d.name.toLowerCase(),
      render: (d) => d.name,
    },
    { key: 'file', header: 'File', truncate: (d) => d.fileName, render: (d) => d.fileName },
    { key: 'size', header: 'Size', nowrap: true, sortValue: (d) => d.fileSize, render: (d) => fileSize(d.fileSize) },
    {
      key: 'date',
      header: 'Uploaded',
      nowrap: true,
      sortValue: (d) => d.createdAt,
      render: (d) => clock.date(d.createdAt),
    },
    {
      key: 'actions',
      header: 'Actions',
      nowrap: true,
      align: 'end',
      render: (d) => (
        <HStack gap="1" justify="end">
          {d.previewable && (
            <Button size="xs" variant="outline" onClick={() => void open(d, true)} aria-label={`Preview ${d.name}`}>
              Preview
            </Button>
          )}
          <Button size="xs" variant="outline" onClick={() => void open(d, false)} aria-label={`Download ${d.name}`}>
            Download
          </Button>
          {canEdit && (
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              onClick={() => void remove(d)}
              aria-label={`Delete ${d.name}`}
            >
              Delete
            </Button>
          )}
        </HStack>
      ),
    },
  ];

  return (
    <Stack gap="4">
      {canEdit && (
        <Card.Root>
          <Card.Header>
            <Text as="h2" fontWeight="semibold">
              Upload Document
            </Text>
          </Card.Header>
          <Card.Body>
            <Stack gap="3">
              {problem && (
                <Alert.Root status="error" size="sm">
                  <Alert.Indicator />
                  <Alert.Description>{problem}</Alert.Description>
                </Alert.Root>
              )}
              <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'end' }}>
                <FormField label="Document Name" required>
                  <Input
                    value={name}
                    maxLength={200}
                    onChange={(e) => setName(e.target.value)}
                    placeholder="e.g. Employment contract"
                  />
                </FormField>
                <FormField label="File" required helper="PDF, DOC, DOCX, JPG, JPEG, PNG, TXT up to 10MB">
                  <Input
                    ref={fileInput}
                    type="file"
                    accept={DOCUMENT_ACCEPT}
                    p="1.5"
                    onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                    aria-label="File"
                  />
                </FormField>
                <Button
                  colorPalette="brand"
                  onClick={() => void upload()}
                  loading={uploading}
                  loadingText="Uploading..."
                  flexShrink={0}
                >
                  Upload
                </Button>
              </Stack>
            </Stack>
          </Card.Body>
        </Card.Root>
      )}
      <DataTable
        label="Documents"
        rows={error ? [] : data}
        columns={columns}
        rowId={(d) => d.id}
        rowLabel={(d) => d.name}
        loading={isLoading}
        pageSize={0}
        error={
          error
            ? {
                title: 'Failed to load documents',
                message: saveErrorMessage(error, 'Failed to load documents'),
                onRetry: () => void mutate(),
              }
            : null
        }
        empty={{
          title: 'No documents yet',
          description: canEdit ? 'Upload contracts, certificates and IDs here.' : undefined,
        }}
      />
      <Dialog.Root
        open={!!preview}
        onOpenChange={(e) => !e.open && setPreview(null)}
        size={{ base: 'full', md: 'xl' }}
        placement="center"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content aria-label={preview ? `Preview of ${preview.name}` : 'Preview'}>
              <Dialog.Header>
                <Dialog.Title>{preview?.name}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {preview && (
                  <Box h={{ base: '75dvh', md: '70vh' }}>
                    <img
                      src={preview.url}
                      alt={preview.name}
                      style={{
                        maxWidth: '100%',
                        maxHeight: '100%',
                        margin: '0 auto',
                        display: 'block',
                        objectFit: 'contain',
                      }}
                    />
                  </Box>
                )}
              </Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      {confirmDialog}
    </Stack>
  );
}
