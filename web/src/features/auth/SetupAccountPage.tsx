import { Button, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { AuthLayout } from './AuthLayout.js';

/** Employee account setup belongs to document 3 and comes later; the link target already exists. */
export default function SetupAccountPage() {
  const { setupToken } = useParams();
  return (
    <AuthLayout
      title="Set up your account"
      subtitle={setupToken ? 'Your setup link was received.' : 'No setup link was provided.'}
    >
      <Text mb="4">
        This section is not available yet. Please contact your administrator, who can help you get access.
      </Text>
      <Button asChild variant="outline">
        <RouterLink to="/login">Go to sign in</RouterLink>
      </Button>
    </AuthLayout>
  );
}
