import { Field, IconButton, Input, InputGroup } from '@chakra-ui/react';
import { useState } from 'react';
import { EyeIcon, EyeOffIcon } from '../../components/icons.js';

export function PasswordField(props: {
  label: string;
  name: string;
  value: string;
  error?: string;
  autoComplete?: string;
  onChange: (value: string) => void;
  helper?: React.ReactNode;
}) {
  const [shown, setShown] = useState(false);
  const { label, name, value, error, autoComplete = 'new-password', onChange, helper } = props;
  return (
    <Field.Root required invalid={!!error}>
      <Field.Label>
        {label} <Field.RequiredIndicator />
      </Field.Label>
      <InputGroup
        endElement={
          <IconButton
            size="xs"
            variant="ghost"
            me="-2"
            aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? <EyeOffIcon /> : <EyeIcon />}
          </IconButton>
        }
      >
        <Input
          name={name}
          type={shown ? 'text' : 'password'}
          autoComplete={autoComplete}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </InputGroup>
      {helper}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
