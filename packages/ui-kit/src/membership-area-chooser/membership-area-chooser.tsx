import {
  Button,
  Checkbox,
  Collapse,
  Group,
  Modal,
  Radio,
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

/** What a value stands for: 全国, or the chosen provinces (those of the tree, in the value's order). */
function choiceOf(
  value: readonly string[],
  provinces: readonly string[],
): { whole: boolean; chosen: Set<string> } {
  const chosen = new Set(value.filter((area) => provinces.includes(area)));
  return { whole: value.includes(WHOLE_COUNTRY) || chosen.size === 0, chosen };
}

/**
 * spec §2 Shared screen parts: the membership-area chooser dialog. The choice is explicit (issue 33): 全国, or 指定省份
 * with the provinces ticked one by one — it never opens with every province ticked, so ticking a province adds it
 * rather than removing it from "all". Every control is a real radio or checkbox, so Tab, the arrows and Space work
 * as well as the mouse.
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
  const [whole, setWhole] = useState(() => choiceOf(value, provinces).whole);
  const [chosen, setChosen] = useState<Set<string>>(() => choiceOf(value, provinces).chosen);
  const listId = useId();

  // Each opening starts from the value the caller holds; cancelling forgets the changes.
  useEffect(() => {
    if (!opened) return;
    const choice = choiceOf(editable ? value : [WHOLE_COUNTRY], provinces);
    setWhole(choice.whole);
    setChosen(choice.chosen);
  }, [opened, value, provinces, editable]);

  const toggleProvince = (province: string) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (next.has(province)) next.delete(province);
      else next.add(province);
      return next;
    });

  const nothingChosen = !whole && chosen.size === 0;
  const confirm = () => {
    if (nothingChosen) return;
    const allChosen = chosen.size === provinces.length;
    const areas = whole || allChosen ? [WHOLE_COUNTRY] : provinces.filter((province) => chosen.has(province));
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
        <Radio.Group
          value={whole ? 'whole' : 'provinces'}
          onChange={(mode) => setWhole(mode === 'whole')}
          label={t.scope}
        >
          <Group gap="lg" mt={4}>
            <Radio value="whole" label={t.wholeCountry} disabled={!editable} />
            <Radio value="provinces" label={t.someProvinces} disabled={!editable} aria-controls={listId} />
            <Text size="xs" c={nothingChosen ? 'red' : 'dimmed'} ml="auto" aria-live="polite">
              {!editable
                ? t.wholeCountryOnly
                : whole
                  ? ''
                  : nothingChosen
                    ? t.chooseOne
                    : t.chosenCount(chosen.size)}
            </Text>
          </Group>
        </Radio.Group>
        <Collapse expanded={!whole}>
          <ScrollArea.Autosize mah={360} type="auto" id={listId}>
            <SimpleGrid
              cols={{ base: 2, sm: 4 }}
              spacing="xs"
              verticalSpacing="xs"
              role="group"
              aria-label={t.someProvinces}
            >
              {provinces.map((province) => (
                <Checkbox
                  key={province}
                  size="sm"
                  label={province}
                  checked={chosen.has(province)}
                  disabled={!editable || whole}
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
          <Button onClick={confirm} disabled={nothingChosen}>
            {messages.confirmDialog.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
