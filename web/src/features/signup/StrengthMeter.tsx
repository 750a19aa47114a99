import { Box, HStack, List, Progress, Stack } from '@chakra-ui/react';
import { CheckIcon, CloseIcon } from '../../components/icons.js';
import { passwordStrength, strengthColor, strengthLabel } from './signup.js';

function Criterion({ ok, children }: { ok: boolean; children: string }) {
  return (
    <List.Item display="flex" alignItems="center" gap="2" color={ok ? 'green.fg' : 'fg.muted'} fontSize="sm">
      <Box as="span" aria-hidden>
        {ok ? <CheckIcon /> : <CloseIcon />}
      </Box>
      <span>
        {children}
        <Box as="span" srOnly>
          {ok ? ' (met)' : ' (not met)'}
        </Box>
      </span>
    </List.Item>
  );
}

/** The password's strength bar and its four criteria, each said met or not met (R-AUTH-5). */
export function StrengthMeter({ password }: { password: string }) {
  const s = passwordStrength(password);
  const label = strengthLabel(s.score);
  return (
    <Stack gap="2" w="full" mt="1">
      <Progress.Root
        value={s.score * 25}
        max={100}
        size="xs"
        colorPalette={strengthColor(s.score)}
        aria-label="Password strength"
      >
        <HStack justify="space-between">
          <Progress.Label fontSize="xs" color="fg.muted">
            Password strength
          </Progress.Label>
          <Progress.ValueText fontSize="xs" aria-live="polite">
            {password ? label : ''}
          </Progress.ValueText>
        </HStack>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <List.Root listStyle="none" gap="1" aria-label="Password requirements">
        <Criterion ok={s.hasLength}>At least 8 characters</Criterion>
        <Criterion ok={s.hasUppercase}>One uppercase letter</Criterion>
        <Criterion ok={s.hasLowercase}>One lowercase letter</Criterion>
        <Criterion ok={s.hasNumber}>One number</Criterion>
      </List.Root>
    </Stack>
  );
}
