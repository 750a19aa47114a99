import { Badge, Button, Field, HStack, Input, Stack, Text, Wrap } from '@chakra-ui/react';
import { BULK_LIMIT_MESSAGE, MAX_BULK_ITEMS } from '../../../../shared/domain/inventory.js';

/** The item form's bulk mode: how many items, Generate IDs, and the IDs the items will get. */
export function BulkItemIds({
  quantity,
  onQuantityChange,
  onQuantityBlur,
  outOfRange,
  generating,
  onGenerate,
  generated,
}: {
  quantity: string;
  onQuantityChange: (value: string) => void;
  /** Clamps an out-of-range quantity into 1-100. */
  onQuantityBlur: () => void;
  /** The quantity is or was out of range: the limit shows as an error, not a hint. */
  outOfRange: boolean;
  generating: boolean;
  onGenerate: () => void;
  generated: readonly string[];
}) {
  return (
    <Stack gap="2">
      <Field.Root invalid={outOfRange}>
        <Field.Label>Quantity</Field.Label>
        <HStack>
          <Input
            type="number"
            min={1}
            max={MAX_BULK_ITEMS}
            value={quantity}
            onChange={(e) => onQuantityChange(e.target.value)}
            onBlur={onQuantityBlur}
          />
          <Button variant="outline" loading={generating} onClick={onGenerate}>
            Generate IDs
          </Button>
        </HStack>
        {/* R-INV-6: a hint within 1-100, an error only when out of range or clamped. */}
        {outOfRange ? (
          <Field.ErrorText>{BULK_LIMIT_MESSAGE}</Field.ErrorText>
        ) : (
          <Field.HelperText>{BULK_LIMIT_MESSAGE}</Field.HelperText>
        )}
      </Field.Root>
      {generated.length > 0 ? (
        <Wrap gap="1" aria-label="Generated item IDs">
          {generated.map((id) => (
            <Badge key={id} variant="outline">
              {id}
            </Badge>
          ))}
        </Wrap>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          Generate IDs to create the items.
        </Text>
      )}
    </Stack>
  );
}
