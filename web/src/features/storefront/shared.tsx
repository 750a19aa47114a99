import { Alert, Button, Card, HStack, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/PageHeader.js';

/** R-SET-1: Cancel with changes asks this. */
export const CANCEL_QUESTION = 'Your changes have not been saved - are you sure you want to cancel?';

/** A settings page with view and edit modes: Edit in view mode; Cancel and Save (only with changes) in edit mode. */
export function ViewEditFrame(props: {
  title: string;
  subtitle?: string;
  editing: boolean;
  canEdit: boolean;
  dirty: boolean;
  saving: boolean;
  loadFailed?: string | null;
  onEdit: () => void;
  onCancel: () => void;
  onSave: () => void;
  children: ReactNode;
}) {
  const actions = props.editing ? (
    <HStack gap="2">
      <Button variant="outline" onClick={props.onCancel} disabled={props.saving}>
        Cancel
      </Button>
      <Button
        colorPalette="brand"
        onClick={props.onSave}
        disabled={!props.dirty || props.saving}
        loading={props.saving}
        loadingText="Saving..."
      >
        Save
      </Button>
    </HStack>
  ) : props.canEdit ? (
    <Button colorPalette="brand" variant="outline" onClick={props.onEdit}>
      Edit
    </Button>
  ) : null;
  return (
    <Stack gap="6">
      <PageHeader title={props.title} subtitle={props.subtitle} actions={actions} />
      {props.loadFailed && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{props.loadFailed}</Alert.Title>
        </Alert.Root>
      )}
      <Card.Root variant="outline">
        <Card.Body>{props.children}</Card.Body>
      </Card.Root>
    </Stack>
  );
}
