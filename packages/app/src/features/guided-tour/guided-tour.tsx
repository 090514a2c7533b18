import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { messages } from '../../messages';
import { advanceGuidedTour, GUIDE_STEPS, type GuideAction, guidedTourStep } from './guided-tour-flags';

/** spec §2 First-login guided tour (4 steps), shown over the layout after the first profile completion. */
export function GuidedTour() {
  const navigate = useNavigate();
  const [step, setStep] = useState(() => guidedTourStep(localStorage));
  if (step === undefined) return null;
  const current = GUIDE_STEPS[step - 1];
  const last = step === GUIDE_STEPS.length;

  const act = (action: GuideAction) => {
    const to = advanceGuidedTour(localStorage, step, action);
    setStep(guidedTourStep(localStorage));
    void navigate({ to });
  };

  return (
    <Paper
      role="dialog"
      aria-label={current?.title}
      withBorder
      shadow="lg"
      p="md"
      w={300}
      style={{ position: 'fixed', right: 24, bottom: 24, zIndex: 300 }}
    >
      <Text size="xs" c="dimmed">
        {step}/{GUIDE_STEPS.length}
      </Text>
      <Title order={3} size="h5" mb="sm">
        {current?.title}
      </Title>
      <Group justify="flex-end" gap="xs">
        {last ? (
          <Button size="xs" onClick={() => act('finish')}>
            {messages.tour.start}
          </Button>
        ) : (
          <>
            <Button size="xs" variant="default" onClick={() => act('skip')}>
              {messages.tour.skip}
            </Button>
            <Button size="xs" onClick={() => act('next')}>
              {messages.tour.next}
            </Button>
          </>
        )}
      </Group>
    </Paper>
  );
}
