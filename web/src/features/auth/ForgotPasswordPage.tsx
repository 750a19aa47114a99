import { Button, List, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { AuthLayout } from './AuthLayout.js';

/**
 * There is no self-service reset in this product: accounts belong to an organization whose
 * administrator (or, for owners, the platform team) re-issues access. The page says so plainly.
 */
export default function ForgotPasswordPage() {
  return (
    <AuthLayout title="Forgot your password?" subtitle="Passwords are reset by the people who manage your account.">
      <Stack gap="4">
        <List.Root as="ol" ps="5" gap="2">
          <List.Item>
            <Text>
              <strong>Staff members:</strong> ask your organization’s administrator to send you a new account setup
              link.
            </Text>
          </List.Item>
          <List.Item>
            <Text>
              <strong>Business owners and administrators:</strong> contact support with your organization name and we
              will send a new invitation.
            </Text>
          </List.Item>
        </List.Root>
        <Text color="fg.muted" fontSize="sm">
          For your security we never send passwords by e-mail.
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Button asChild colorPalette="brand">
            <RouterLink to="/login">Back to sign in</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to="/contact">Contact support</RouterLink>
          </Button>
        </Stack>
      </Stack>
    </AuthLayout>
  );
}
