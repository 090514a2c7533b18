import { Box, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { isApiError } from '@tender/api-client';
import { perfectEndpoint } from '@tender/contracts';
import { showMessage } from '@tender/ui-kit';
import { useState } from 'react';
import { messages } from '../../messages';
import { useAppServices } from '../../shell/app-context';
import { maxLengthOf, zodFormValidate } from '../../shell/zod-form';
import { useUserStore } from '../../stores/user-store';
import { startGuidedTour } from '../guided-tour/guided-tour-flags';

const fields = perfectEndpoint.request.shape;

/**
 * spec §2 /perfect: profile completion, where code 430 sends a user whose profile is incomplete. Checked with the
 * contract's own schema (its messages under each field, its length limits on the inputs).
 */
export function PerfectScreen() {
  const { api } = useAppServices();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { realUserName: '', companyName: '' },
    validate: zodFormValidate(perfectEndpoint.request),
  });

  const submit = async (values: typeof form.values) => {
    setSubmitting(true);
    try {
      const user = await api.perfect({
        realUserName: values.realUserName.trim(),
        companyName: values.companyName.trim(),
      });
      useUserStore.getState().setUser(user);
      // The profile is completed once, on the first sign-in: the guided tour follows (spec §2).
      startGuidedTour(localStorage);
      await navigate({ to: '/', replace: true });
    } catch (error) {
      if (isApiError(error) && !error.handled) {
        // The server names the field by its wire name ('参数 realUserName：…'): shown under that field, without it.
        const named = /^参数 (\w+)：(.+)$/.exec(error.message);
        if (named?.[1] && named[2] && named[1] in values) form.setFieldError(named[1], named[2]);
        else showMessage(error.message);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Box mih="100vh" bg="gray.0" style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Paper withBorder shadow="sm" p="xl" w={420} component="section" aria-label={messages.perfect.title}>
        <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
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
              maxLength={maxLengthOf(fields.realUserName)}
              {...form.getInputProps('realUserName')}
            />
            <TextInput
              label={messages.perfect.companyName}
              required
              maxLength={maxLengthOf(fields.companyName)}
              {...form.getInputProps('companyName')}
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
