import { ActionIcon, Box, Group, Text, UnstyledButton } from '@mantine/core';
import type { MemberType } from '@tender/contracts';
import { CAROUSEL_STEP_PX } from '@tender/domain';
import { useState } from 'react';
import { messages } from '../messages';
import { carouselOffset, maxCarouselOffset } from './carousel-offset';

/** A card's width; with the gap it makes the 196 px step (spec §9). */
const CARD_WIDTH_PX = 184;
const CARD_GAP_PX = CAROUSEL_STEP_PX - CARD_WIDTH_PX;

export interface MemberTypeCarouselProps {
  types: readonly MemberType[];
  selectedMemberCode: string | undefined;
  onSelect(memberCode: MemberType['memberCode']): void;
  /** Blocks choosing another type (spec §4: while an order is being created; a forced level). */
  disabled?: boolean;
  /** How many cards the viewport shows (default 3). */
  visibleCount?: number;
}

/** spec §2 Membership modal: the member-type carousel, stepping 196 px left or right within bounds. */
export function MemberTypeCarousel({
  types,
  selectedMemberCode,
  onSelect,
  disabled = false,
  visibleCount = 3,
}: MemberTypeCarouselProps) {
  const [offset, setOffset] = useState(0);
  const bounds = { itemCount: types.length, visibleCount };
  const maxOffset = maxCarouselOffset(bounds);
  const shown = Math.min(offset, maxOffset);

  return (
    <Group gap="xs" wrap="nowrap" role="group" aria-label={messages.modal.memberTypes}>
      <ActionIcon
        variant="default"
        aria-label={messages.modal.previousTypes}
        disabled={shown <= 0}
        onClick={() => setOffset(carouselOffset(shown, 'previous', bounds))}
      >
        ‹
      </ActionIcon>
      <Box w={visibleCount * CAROUSEL_STEP_PX - CARD_GAP_PX} style={{ overflow: 'hidden' }}>
        <Box
          data-testid="member-type-strip"
          style={{
            display: 'flex',
            gap: CARD_GAP_PX,
            transform: `translateX(-${shown}px)`,
            transition: 'transform 200ms ease',
          }}
        >
          {types.map((type) => {
            const selected = type.memberCode === selectedMemberCode;
            return (
              <UnstyledButton
                key={type.memberCode}
                aria-pressed={selected}
                disabled={disabled && !selected}
                onClick={() => onSelect(type.memberCode)}
                p="sm"
                style={{
                  flex: `0 0 ${CARD_WIDTH_PX}px`,
                  borderRadius: 8,
                  border: `2px solid ${selected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-3)'}`,
                  opacity: disabled && !selected ? 0.5 : 1,
                }}
              >
                <Text fw={600}>{type.memberName}</Text>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {type.memberDesc}
                </Text>
              </UnstyledButton>
            );
          })}
        </Box>
      </Box>
      <ActionIcon
        variant="default"
        aria-label={messages.modal.nextTypes}
        disabled={shown >= maxOffset}
        onClick={() => setOffset(carouselOffset(shown, 'next', bounds))}
      >
        ›
      </ActionIcon>
    </Group>
  );
}
