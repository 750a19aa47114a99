import * as z from '../../../../shared/zod.js';
import {
  Alert,
  Button,
  Checkbox,
  IconButton,
  Input,
  InputGroup,
  Link,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { completeSignupBody } from '../../../../shared/contract/employee-models.js';
import { EMPLOYEE_MESSAGES } from '../../../../shared/domain/employees.js';
import { FormField, FormSchemaProvider, useContractForm } from '../../components/form.js';
import { EyeIcon, EyeOffIcon } from '../../components/icons.js';
import { saveErrorMessage } from '../employees/api/index.js';
import { type SetupInvitation, useCompleteSetup } from './api/index.js';

const schema = z.omit(completeSignupBody, { token: true });

/**
 * The account setup form (R-EMP-4) in its own chunk: react-hook-form, zod and the people
 * schemas stay out of the page's first load (public budget 200 KB), which shows the heading at once.
 */
export function SetupAccountForm({
  token,
  invitation,
  onDone,
}: {
  token: string;
  invitation: SetupInvitation;
  onDone: (r: { message: string; username: string }) => void;
}) {
  const form = useContractForm(schema, {
    firstName: invitation.firstName,
    lastName: invitation.lastName,
    phone: invitation.phone ?? '',
    email: invitation.email,
    password: '',
    termsAccepted: false as unknown as true,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const complete = useCompleteSetup({ failure: 'Failed to complete account setup', toastFailure: false });
  const terms = form.watch('termsAccepted');
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    // The invited address, whatever the field holds: the server refuses any other (docs/decisions/0009-sessions-follow-the-account.md).
    const body = { ...values, email: invitation.email, phone: values.phone ?? '', token };
    const r = await complete.run(body);
    if (r.ok) onDone({ message: r.value.message, username: r.value.username });
    else setFailure(saveErrorMessage(r.error, 'Failed to complete account setup'));
  });

  const err = (name: keyof typeof errors) => errors[name]?.message as string | undefined;
  return (
    <FormSchemaProvider value={{ schema, errors: errors as Record<string, { message?: unknown }> }}>
      <form noValidate onSubmit={(e) => void submit(e)} aria-label="Complete Your Account Setup">
        <Stack gap="4">
          {failure && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Description>{failure}</Alert.Description>
            </Alert.Root>
          )}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField name="firstName" label="First Name" required>
              <Input {...form.register('firstName')} autoComplete="given-name" maxLength={100} />
            </FormField>
            <FormField name="lastName" label="Last Name" required>
              <Input {...form.register('lastName')} autoComplete="family-name" maxLength={100} />
            </FormField>
          </SimpleGrid>
          <FormField name="phone" label="Phone Number">
            <Input type="tel" {...form.register('phone')} autoComplete="tel" maxLength={40} />
          </FormField>
          <FormField
            name="email"
            label="Email Address"
            required
            helper="Your invitation was sent to this address; it becomes your username."
          >
            <Input
              type="email"
              {...form.register('email')}
              readOnly
              aria-readonly="true"
              variant="subtle"
              autoComplete="email"
              maxLength={254}
            />
          </FormField>
          <FormField name="password" label="Password" required helper="At least 8 characters.">
            <InputGroup
              endElement={
                <IconButton
                  size="xs"
                  variant="ghost"
                  me="-2"
                  aria-label={shown ? 'Hide password' : 'Show password'}
                  aria-pressed={shown}
                  onClick={() => setShown((x) => !x)}
                >
                  {shown ? <EyeOffIcon /> : <EyeIcon />}
                </IconButton>
              }
            >
              <Input
                type={shown ? 'text' : 'password'}
                {...form.register('password')}
                autoComplete="new-password"
                maxLength={1024}
              />
            </InputGroup>
          </FormField>
          <Controller
            control={form.control}
            name="termsAccepted"
            render={({ field }) => (
              <Stack gap="1">
                <Checkbox.Root
                  checked={field.value === true}
                  onCheckedChange={(e) => field.onChange(e.checked === true)}
                  alignItems="start"
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control mt="0.5" />
                  <Checkbox.Label fontWeight="normal">
                    I accept the{' '}
                    <Link asChild colorPalette="brand">
                      <RouterLink to="/terms" target="_blank">
                        Terms of Service
                      </RouterLink>
                    </Link>
                    ,{' '}
                    <Link asChild colorPalette="brand">
                      <RouterLink to="/privacy" target="_blank">
                        Privacy Policy
                      </RouterLink>
                    </Link>{' '}
                    and{' '}
                    <Link asChild colorPalette="brand">
                      <RouterLink to="/user-agreement" target="_blank">
                        User Agreement
                      </RouterLink>
                    </Link>
                  </Checkbox.Label>
                </Checkbox.Root>
                {!terms && (
                  <Text fontSize="sm" color="fg.muted">
                    {EMPLOYEE_MESSAGES.termsRequired}
                  </Text>
                )}
                {err('termsAccepted') && terms !== true && (
                  <Text fontSize="sm" color="fg.error">
                    {err('termsAccepted')}
                  </Text>
                )}
              </Stack>
            )}
          />
          <Button
            type="submit"
            colorPalette="brand"
            disabled={terms !== true}
            loading={isSubmitting}
            loadingText="Setting up your account..."
          >
            Complete Account Setup
          </Button>
        </Stack>
      </form>
    </FormSchemaProvider>
  );
}
