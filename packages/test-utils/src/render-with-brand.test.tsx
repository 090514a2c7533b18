import { defineBrand } from '@tender/brand';
import { screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { createRenderWithBrand } from './render-with-brand';
import { testBrand } from './test-brand';

function NameProvider({
  brand,
  env,
  children,
}: {
  brand: { name: string };
  env: string;
  children: ReactNode;
}) {
  return <section aria-label={`${brand.name} ${env}`}>{children}</section>;
}

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {count}
    </button>
  );
}

describe('createRenderWithBrand', () => {
  it('wraps the UI in the provider for the test brand in test env and clicks through user-event', async () => {
    const { user } = createRenderWithBrand(NameProvider)(<Counter />);
    const region = screen.getByRole('region', { name: `${testBrand.name} test` });
    await user.click(screen.getByRole('button'));
    expect(region).toContainElement(screen.getByRole('button', { name: '1' }));
  });

  it('takes another brand', () => {
    const other = defineBrand({ ...testBrand, id: 'other', name: '另一招标网' });
    createRenderWithBrand(NameProvider, other)(<Counter />);
    expect(screen.getByRole('region', { name: '另一招标网 test' })).toBeInTheDocument();
  });
});
