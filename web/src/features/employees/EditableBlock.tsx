import { Alert, Button, Card, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { FormField } from '../../components/form-field.js';
import { saveErrorMessage } from './api/index.js';

export interface BlockField {
  key: string;
  label: string;
  /** What the block shows when not editing. */
  display: ReactNode;
  /** The value the editor starts from. */
  initial: string;
  type?: 'text' | 'email' | 'tel' | 'date' | 'number' | 'password' | 'textarea' | 'select';
  options?: readonly { value: string; label: string }[];
  maxLength?: number;
  placeholder?: string;
  helper?: string;
  /** A client check before saving; return a message to refuse. */
  check?: (v: string) => string | null;
}

/**
 * One block of the employee detail page (R-EMP-8, R-EMP-5): its own Edit, Save and Cancel; Cancel
 * restores the saved values; a failed save shows the block's message and keeps the edits.
 */
export function EditableBlock(props: {
  title: string;
  fields: BlockField[];
  canEdit: boolean;
  failure: string;
  columns?: number;
  onSave: (values: Record<string, string>) => Promise<void>;
  children?: ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const start = () => {
    setValues(Object.fromEntries(props.fields.map((f) => [f.key, f.initial])));
    setErrors({});
    setFailure(null);
    setEditing(true);
  };
  const save = async () => {
    const errs: Record<string, string> = {};
    for (const f of props.fields) {
      const m = f.check?.(values[f.key] ?? '');
      if (m) errs[f.key] = m;
    }
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setSaving(true);
    try {
      await props.onSave(values);
      setEditing(false);
    } catch (e) {
      setFailure(saveErrorMessage(e, props.failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between" gap="2" wrap="wrap">
          <Text as="h2" fontWeight="semibold" fontSize="md">
            {props.title}
          </Text>
          {props.canEdit &&
            (editing ? (
              <HStack gap="2">
                <Button size="sm" variant="ghost" onClick={() => setEditing(false)} disabled={saving}>
                  Cancel
                </Button>
                <Button
                  size="sm"
                  colorPalette="brand"
                  onClick={() => void save()}
                  loading={saving}
                  loadingText="Saving..."
                >
                  Save
                </Button>
              </HStack>
            ) : (
              <Button size="sm" variant="outline" onClick={start} aria-label={`Edit ${props.title}`}>
                Edit
              </Button>
            ))}
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {failure && (
            <Alert.Root status="error" size="sm">
              <Alert.Indicator />
              <Alert.Description>{failure}</Alert.Description>
            </Alert.Root>
          )}
          <SimpleGrid columns={{ base: 1, sm: props.columns ?? 2 }} gap="4">
            {props.fields.map((f) =>
              editing ? (
                <FormField key={f.key} label={f.label} error={errors[f.key]} helper={f.helper}>
                  {f.type === 'textarea' ? (
                    <Textarea
                      value={values[f.key] ?? ''}
                      maxLength={f.maxLength}
                      rows={4}
                      onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}
                    />
                  ) : f.type === 'select' ? (
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        value={values[f.key] ?? ''}
                        onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}
                      >
                        {f.options?.map((o) => (
                          <option key={o.value} value={o.value}>
                            {o.label}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  ) : (
                    <Input
                      type={f.type ?? 'text'}
                      value={values[f.key] ?? ''}
                      maxLength={f.maxLength}
                      placeholder={f.placeholder}
                      step={f.type === 'number' ? '0.01' : undefined}
                      min={f.type === 'number' ? '0' : undefined}
                      onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}
                    />
                  )}
                </FormField>
              ) : (
                <Stack key={f.key} gap="0.5" minW="0">
                  <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
                    {f.label}
                  </Text>
                  <Text wordBreak="break-word" whiteSpace="pre-wrap">
                    {f.display || '—'}
                  </Text>
                </Stack>
              ),
            )}
          </SimpleGrid>
          {props.children}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
