import { Box, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { isApiError } from '@tender/api-client';
import { showMessage } from '@tender/ui-kit';
import { useState } from 'react';
import { messages } from '../../messages';
import { useAppServices } from '../../shell/app-context';
import { useUserStore } from '../../stores/user-store';
import { startGuidedTour } from '../guided-tour/guided-tour-flags';

/** spec §2 /perfect: profile completion, where code 430 sends a user whose profile is incomplete. */
export function PerfectScreen() {
  const { api } = useAppServices();
  const navigate = useNavigate();
  const [realUserName, setRealUserName] = useState('');
  const [companyName, setCompanyName] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    setSubmitting(true);
    try {
      const user = await api.perfect({ realUserName, companyName });
      useUserStore.getState().setUser(user);
      // The profile is completed once, on the first sign-in: the guided tour follows (spec §2).
      startGuidedTour(localStorage);
      await navigate({ to: '/', replace: true });
    } catch (error) {
      if (isApiError(error) && !error.handled) showMessage(error.message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Box mih="100vh" bg="gray.0" style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Paper withBorder shadow="sm" p="xl" w={420} component="section" aria-label={messages.perfect.title}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm">
            <Title order={1} size="h4">
              {messages.perfect.title}
            </Title>
            <Text size="sm" c="dimmed">
              {messages.perfect.hint}
            </Text>
            <TextInput
              label={messages.perfect.realUserName}
              required
              value={realUserName}
              onChange={(event) => setRealUserName(event.currentTarget.value)}
            />
            <TextInput
              label={messages.perfect.companyName}
              required
              value={companyName}
              onChange={(event) => setCompanyName(event.currentTarget.value)}
            />
            <Button type="submit" loading={submitting}>
              {messages.perfect.submit}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Box>
  );
}
