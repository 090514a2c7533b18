import { Box } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useAppServices } from '../shell/app-context';

/**
 * The slim bar above every page of a demo server (docs/operations.md "Production"): the server says whether it is
 * one and what the bar reads (`serviceEnvironment`). In the page's flow, not over it, so it covers no control at any
 * width; `role="status"` so screen readers announce it. Nothing while unknown or in production.
 */
export function DemoRibbon({ notice }: { notice: string | undefined }) {
  if (!notice) return null;
  return (
    <Box
      role="status"
      data-testid="demo-ribbon"
      px="sm"
      py={3}
      style={{
        background: '#fff3bf',
        borderBottom: '1px solid #fcc419',
        color: '#5c3c00',
        fontSize: 13,
        lineHeight: '18px',
        textAlign: 'center',
      }}
    >
      {notice}
    </Box>
  );
}

/** The ribbon's text when the server is a demo; undefined in production, until it answers, or when it cannot. */
export function useDemoNotice(): string | undefined {
  const { api } = useAppServices();
  const [notice, setNotice] = useState<string>();
  useEffect(() => {
    api
      .serviceEnvironment({}, { silent: true })
      .then((environment) => {
        setNotice(environment.demo ? environment.notice : undefined);
        // The one call that reads the server's environment also says where errors go. The reporting code and the
        // SDK are chunks of their own, fetched only then: nothing of them is on the login route's budget.
        const dsn = environment.sentryDsn;
        if (dsn) {
          import('../shell/error-reporting')
            .then((reporting) => reporting.startErrorReporting(dsn))
            .catch(() => undefined);
        }
      })
      .catch(() => setNotice(undefined));
  }, [api]);
  return notice;
}
