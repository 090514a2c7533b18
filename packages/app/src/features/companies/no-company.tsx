import { Alert, Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { COMPANY_PATHS } from './company-route';
import { messages } from './messages';

/** A company screen opened without `?companyId=`: say so and lead to the company search. */
export function NoCompany() {
  return (
    <Alert color="yellow" role="alert">
      {messages.state.noCompany}{' '}
      <Anchor component={Link} to={COMPANY_PATHS.search}>
        {messages.state.toSearch}
      </Anchor>
    </Alert>
  );
}
