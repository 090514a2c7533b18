import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { type CSSProperties, useEffect, useId, useLayoutEffect, useMemo, useState } from 'react';
import { messages } from '../../messages';
import { useAppStore } from '../../stores/app-store';
import { useRouteStore } from '../../stores/route-store';
import { useUserStore } from '../../stores/user-store';
import { GUIDE_TARGET_ATTRIBUTE, useGuideHighlight } from './guide-highlight';
import {
  advanceGuidedTour,
  type GuideAction,
  guidedTourStep,
  guidePageMatches,
  guideSteps,
  PAID_ONLY_NOTE,
  stepLocked,
  stopGuidedTour,
} from './guided-tour-flags';

const CARD_WIDTH_PX = 300;
/** The sidebar's open/close transition (sidebar.tsx) before the entry's place is measured again. */
const SIDEBAR_TRANSITION_MS = 250;

/** Beside the highlighted sidebar entry when it is on screen; otherwise in the bottom-right corner. */
function useCardPosition(menuName: string | undefined, pathname: string): CSSProperties {
  const sidebarOpened = useAppStore((state) => state.sidebar.opened);
  const [position, setPosition] = useState<CSSProperties>({ right: 24, bottom: 24 });
  useLayoutEffect(() => {
    const measure = () => {
      const target = menuName
        ? document.querySelector(`[${GUIDE_TARGET_ATTRIBUTE}="${menuName}"]`)?.getBoundingClientRect()
        : undefined;
      const fits = target && target.width > 0 && target.right + 12 + CARD_WIDTH_PX <= window.innerWidth;
      setPosition(
        fits
          ? { left: target.right + 12, top: Math.min(target.top, window.innerHeight - 220) }
          : { right: 24, bottom: 24 },
      );
    };
    measure();
    const later = setTimeout(measure, SIDEBAR_TRANSITION_MS);
    window.addEventListener('resize', measure);
    return () => {
      clearTimeout(later);
      window.removeEventListener('resize', measure);
    };
  }, [menuName, pathname, sidebarOpened]);
  return position;
}

/**
 * spec §2 First-login guided tour (4 steps), shown over the layout after the first profile completion. The steps
 * are entries of the member's own sidebar (guided-tour-flags.ts); each says what its screen is for and outlines
 * its menu entry. Leaving the page another way ends the tour, so the card never follows the member around.
 */
export function GuidedTour({ pathname }: { pathname: string }) {
  const navigate = useNavigate();
  const menus = useRouteStore((state) => state.routers);
  const isOpenMember = useUserStore((state) => state.user?.isOpenMember ?? false);
  const steps = useMemo(() => guideSteps(menus), [menus]);
  const [step, setStep] = useState(() => guidedTourStep(localStorage));
  const current = step === undefined ? undefined : steps[step - 1];
  const sentenceId = useId();

  useEffect(() => {
    if (!pathname || guidedTourStep(localStorage) === undefined) return;
    if (guidePageMatches(localStorage, pathname)) return;
    stopGuidedTour(localStorage);
    setStep(undefined);
  }, [pathname]);

  useEffect(() => {
    useGuideHighlight.setState({ menuName: current?.menuName });
    return () => useGuideHighlight.setState({ menuName: undefined });
  }, [current]);

  const position = useCardPosition(current?.menuName, pathname);
  if (step === undefined || !current) return null;
  const last = step === steps.length;

  const act = (action: GuideAction) => {
    const to = advanceGuidedTour(localStorage, steps, step, action, { pathname, isOpenMember });
    setStep(guidedTourStep(localStorage));
    if (to) void navigate({ to });
  };

  return (
    <Paper
      role="dialog"
      aria-label={current.title}
      aria-describedby={sentenceId}
      data-testid="guided-tour"
      withBorder
      shadow="lg"
      p="md"
      w={CARD_WIDTH_PX}
      style={{ position: 'fixed', zIndex: 300, ...position }}
    >
      <Text size="xs" c="dimmed">
        {step}/{steps.length}
      </Text>
      <Title order={2} size="h5" mb={4}>
        {current.title}
      </Title>
      <Text size="sm" mb="sm" id={sentenceId}>
        {current.sentence}
        {stepLocked(current, isOpenMember) && PAID_ONLY_NOTE}
      </Text>
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
