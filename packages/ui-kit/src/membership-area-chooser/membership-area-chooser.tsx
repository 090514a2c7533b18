import {
  ActionIcon,
  Button,
  Checkbox,
  Collapse,
  Group,
  Modal,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import {
  type AreaNode,
  DIALOG_DEFAULT_WIDTH_PX,
  paymentAreas,
  purchaseAreaChoices,
  WHOLE_COUNTRY,
} from '@tender/domain';
import { useEffect, useId, useMemo, useState } from 'react';
import { ChevronIcon } from '../icons';
import { messages } from '../messages';

export interface MembershipAreaChooserProps {
  opened: boolean;
  /** The area tree (全国 → provinces → cities), as `loadAreaTree` of @tender/api-client gives it. */
  tree: readonly AreaNode[];
  /** The areas chosen so far: ['全国'] or province names. */
  value: readonly string[];
  /** 确 定: the chosen areas, as the order takes them — ['全国'] for none, all, or 全国 itself (spec §3, §5). */
  onConfirm(areas: string[]): void;
  /** 取 消, the close button, Escape. */
  onClose(): void;
  /** False when the member type's area cannot be edited (status not 0, spec §5): only 全国, nothing to tick. */
  editable?: boolean;
  title?: string;
}

/** The provinces a membership can be bought for: the tree's second level (spec §3 Area tree, §9 Area choices). */
function provincesOf(tree: readonly AreaNode[]): string[] {
  return purchaseAreaChoices(tree).filter((name) => name !== WHOLE_COUNTRY);
}

/** The chosen provinces a value stands for: 全国 is every province. */
function chosenProvinces(value: readonly string[], provinces: readonly string[]): Set<string> {
  if (value.includes(WHOLE_COUNTRY)) return new Set(provinces);
  return new Set(value.filter((area) => provinces.includes(area)));
}

/**
 * spec §2 Shared screen parts: the membership-area chooser dialog — a tree of 全国 over the province-level regions,
 * each with a checkbox. Ticking 全国 ticks every province; 全国 shows a dash when only some are ticked. Everything is
 * a real checkbox, so Tab and Space work as well as the mouse.
 */
export function MembershipAreaChooser({
  opened,
  tree,
  value,
  onConfirm,
  onClose,
  editable = true,
  title = messages.areaChooser.title,
}: MembershipAreaChooserProps) {
  const provinces = useMemo(() => provincesOf(tree), [tree]);
  const [chosen, setChosen] = useState<Set<string>>(() => chosenProvinces(value, provinces));
  const [expanded, setExpanded] = useState(true);
  const listId = useId();

  // Each opening starts from the value the caller holds; cancelling forgets the ticks.
  useEffect(() => {
    if (opened) setChosen(chosenProvinces(editable ? value : [WHOLE_COUNTRY], provinces));
  }, [opened, value, provinces, editable]);

  const allChosen = provinces.length > 0 && chosen.size === provinces.length;
  const someChosen = chosen.size > 0 && !allChosen;

  const toggleProvince = (province: string) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (next.has(province)) next.delete(province);
      else next.add(province);
      return next;
    });

  const confirm = () => {
    const areas = allChosen ? [WHOLE_COUNTRY] : provinces.filter((province) => chosen.has(province));
    onConfirm(paymentAreas(editable ? 0 : 1, areas));
  };

  const t = messages.areaChooser;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={Math.max(DIALOG_DEFAULT_WIDTH_PX, 640)}
      centered
    >
      <Stack gap="sm">
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={expanded ? t.collapse : t.expand}
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded((open) => !open)}
          >
            <ChevronIcon direction={expanded ? 'down' : 'right'} size={14} />
          </ActionIcon>
          <Checkbox
            label={t.wholeCountry}
            checked={allChosen}
            indeterminate={someChosen}
            disabled={!editable}
            onChange={() => setChosen(allChosen ? new Set() : new Set(provinces))}
          />
          <Text size="xs" c="dimmed" ml="auto">
            {editable ? t.chosenCount(allChosen ? provinces.length : chosen.size) : t.wholeCountryOnly}
          </Text>
        </Group>
        <Collapse expanded={expanded}>
          <ScrollArea.Autosize mah={360} type="auto" id={listId}>
            <SimpleGrid
              cols={{ base: 2, sm: 4 }}
              spacing="xs"
              verticalSpacing="xs"
              pl={32}
              role="group"
              aria-label={t.wholeCountry}
            >
              {provinces.map((province) => (
                <Checkbox
                  key={province}
                  size="sm"
                  label={province}
                  checked={chosen.has(province)}
                  disabled={!editable}
                  onChange={() => toggleProvince(province)}
                />
              ))}
            </SimpleGrid>
          </ScrollArea.Autosize>
        </Collapse>
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose}>
            {messages.confirmDialog.cancel}
          </Button>
          <Button onClick={confirm}>{messages.confirmDialog.confirm}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
