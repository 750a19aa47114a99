import {
  Alert,
  Badge,
  Portal,
  Box,
  Button,
  Card,
  Dialog,
  Field,
  HStack,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useState } from 'react';
import { errorMessage } from '../../api/client.js';
import { DIALOG_SIZE, DialogFrame } from '../../components/DialogFrame.js';
import { EmptyState } from '../../components/EmptyState.js';
import { notify } from '../../components/toaster.js';
import { getTemplate, previewTemplate, useTemplates, useUpdateTemplate } from './api/index.js';

type Template = NonNullable<ReturnType<typeof useTemplates>['data']>['templates'][number];
const CATEGORIES = ['Reservations', 'Invitations', 'Notifications', 'General'] as const;

/** R-PLAT-5, §5, §8: category tabs with counts, cards, the 20-row edit modal and the preview modal. */
export function TemplatesTab() {
  const { data, error, mutate } = useTemplates();
  const [editing, setEditing] = useState<{ t: Template; content: string; problem?: string } | null>(null);
  const [preview, setPreview] = useState<{ t: Template; html: string; subject: string } | null>(null);

  const openEdit = async (t: Template) => {
    try {
      const r = await getTemplate(t.name);
      setEditing({ t: r.template, content: r.template.content });
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to load template content'));
    }
  };
  const openPreview = async (t: Template) => {
    try {
      const r = await previewTemplate(t.name);
      setPreview({ t, html: r.html, subject: r.subject });
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to preview template'));
    }
  };
  const save = useUpdateTemplate({ failure: 'Failed to update template' });
  const submit = async () => {
    if (!editing) return;
    const r = await save.run(editing.t.name, editing.content);
    if (r.ok) {
      notify.info('Template updated successfully', undefined, 4000);
      setEditing(null);
    } else {
      // A parse error names the line and what was expected: it stays beside the text being fixed.
      const problem = errorMessage(r.error, 'Failed to update template');
      setEditing((ed) => (ed ? { ...ed, problem } : ed));
    }
  };

  if (error) {
    return (
      <Alert.Root status="error">
        <Alert.Content>
          <Alert.Title>Failed to fetch templates</Alert.Title>
          <Alert.Description>{errorMessage(error, 'Failed to fetch templates')}</Alert.Description>
        </Alert.Content>
        <Button size="sm" onClick={() => void mutate()}>
          Retry
        </Button>
      </Alert.Root>
    );
  }
  const count = (c: string) => data?.categories.find((x) => x.name === c)?.count ?? 0;
  return (
    <>
      <Tabs.Root defaultValue="Invitations" variant="enclosed">
        <Box overflowX="auto">
          <Tabs.List minW="max-content">
            {CATEGORIES.map((c) => (
              <Tabs.Trigger key={c} value={c}>
                {c} ({count(c)})
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Box>
        {CATEGORIES.map((c) => {
          const list = (data?.templates ?? []).filter((t) => (t.category || 'General') === c);
          return (
            <Tabs.Content key={c} value={c}>
              {data && list.length === 0 ? (
                <EmptyState title="No templates" />
              ) : (
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                  {list.map((t) => (
                    <Card.Root key={t.name} data-testid={`template-${t.name}`}>
                      <Card.Body>
                        <Stack gap="2">
                          <HStack justify="space-between">
                            <Text fontWeight="semibold">{t.displayName}</Text>
                            {!t.isDefault && <Badge colorPalette="blue">Edited</Badge>}
                          </HStack>
                          <Text fontSize="sm" color="fg.muted">
                            {t.description}
                          </Text>
                          <Text fontSize="xs" color="fg.muted">
                            Variables: {t.variables.map((v) => `{{${v}}}`).join(', ')}
                          </Text>
                          <HStack>
                            <Button size="sm" onClick={() => void openEdit(t)}>
                              Edit
                            </Button>
                            <Button size="sm" variant="outline" onClick={() => void openPreview(t)}>
                              Preview
                            </Button>
                          </HStack>
                        </Stack>
                      </Card.Body>
                    </Card.Root>
                  ))}
                </SimpleGrid>
              )}
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
      {editing && (
        <DialogFrame
          open
          title={`Edit ${editing.t.displayName}`}
          dirty={editing.content !== editing.t.content}
          saving={save.busy}
          submitLabel="Save"
          wide
          onSubmit={() => void submit()}
          onClose={() => setEditing(null)}
        >
          <Field.Root invalid={!!editing.problem}>
            <Field.Label>Content</Field.Label>
            <Textarea
              rows={20}
              fontFamily="mono"
              fontSize="sm"
              aria-label="Template content"
              value={editing.content}
              onChange={(e) => setEditing({ ...editing, content: e.target.value, problem: undefined })}
            />
            {editing.problem && (
              <Field.ErrorText whiteSpace="pre-wrap" overflowWrap="anywhere">
                {editing.problem}
              </Field.ErrorText>
            )}
            <Field.HelperText>
              Variables in double braces: {editing.t.variables.map((v) => `{{${v}}}`).join(', ')}
            </Field.HelperText>
          </Field.Root>
        </DialogFrame>
      )}
      {preview && (
        <Dialog.Root
          open
          onOpenChange={(e) => !e.open && setPreview(null)}
          size={DIALOG_SIZE}
          closeOnInteractOutside={false}
        >
          <Portal>
            <Dialog.Backdrop />
            <Dialog.Positioner>
              <Dialog.Content>
                <Dialog.Header>
                  <Dialog.Title>Preview: {preview.t.displayName}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Text fontSize="sm" mb="2">
                    <b>Subject:</b> {preview.subject}
                  </Text>
                  {/* sanitized by the server, and framed without scripts */}
                  <iframe
                    title="Template preview"
                    sandbox=""
                    srcDoc={preview.html}
                    style={{
                      width: '100%',
                      height: '24rem',
                      border: '1px solid #ddd',
                      borderRadius: 6,
                      background: 'white',
                    }}
                  />
                </Dialog.Body>
                <Dialog.Footer>
                  <Button variant="outline" onClick={() => setPreview(null)}>
                    Close
                  </Button>
                </Dialog.Footer>
              </Dialog.Content>
            </Dialog.Positioner>
          </Portal>
        </Dialog.Root>
      )}
    </>
  );
}
