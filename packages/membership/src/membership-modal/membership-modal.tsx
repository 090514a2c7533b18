import {
  Alert,
  Box,
  Button,
  Center,
  Flex,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import type { Order } from '@tender/contracts';
import {
  type AreaNode,
  couponThresholdText,
  fenToYuan,
  formatYuan,
  PAYMENT_QR_SIZE_PX,
  type PaidMemberCode,
  purchaseAreaText,
  yuanToFen,
} from '@tender/domain';
import { MembershipAreaChooser } from '@tender/ui-kit';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { PrivilegeComparisonTable } from '../comparison-table';
import { MemberTypeCarousel } from '../member-type-carousel';
import type { MembershipApi } from '../membership-api';
import { messages } from '../messages';
import type { PurchaseResult } from '../pending-purchase';
import { useMembershipOrder } from './use-membership-order';

export interface MembershipModalProps {
  opened: boolean;
  /** The close button and Escape; the open order stays tracked (pending purchase). */
  onClose(): void;
  api: MembershipApi;
  /** The area tree for the region chooser (`loadAreaTree` of @tender/api-client). */
  areaTree: readonly AreaNode[];
  /** The level to show first (a refusal's upgradeMemberCode). */
  initialMemberCode?: PaidMemberCode | null;
  /** spec §2: opened from the purchase-intent gate, the level is forced (other types blocked). */
  forced?: boolean;
  /** 去支付 on 我的订单: open on this unpaid order and show its own QR code. */
  resumeOrder?: Order | null;
  /** An order was made (pending purchase tracking remembers it). */
  onOrderCreated?(orderNo: string): void;
  /** The order is paid (status 2): close the modal and show the success dialog. */
  onPaid(result: PurchaseResult): void;
  /** Default 3000 ms (spec §9). */
  pollIntervalMs?: number;
}

/** What the duration saves against its comparison price (spec §2: shown when discountRate > 0). */
function savedYuan(product: { originalFee: number; discountFee: number }): string {
  return formatYuan(fenToYuan(yuanToFen(product.originalFee) - yuanToFen(product.discountFee)));
}

/**
 * spec §2 Membership modal and §4 Membership order flow: member-type carousel, privilege comparison, durations
 * with their saving, purchase region (restored per type), the coupon spec §5 picks, the server's payable amount and
 * the payment QR code (140 × 140), polled every 3 s until paid.
 */
export function MembershipModal({
  opened,
  onClose,
  api,
  areaTree,
  initialMemberCode,
  forced = false,
  resumeOrder,
  onOrderCreated,
  onPaid,
  pollIntervalMs,
}: MembershipModalProps) {
  const { state, selectType, selectProduct, changeAreas, requestPayment } = useMembershipOrder({
    api,
    opened,
    initialMemberCode,
    forced,
    resumeOrder,
    onOrderCreated,
    onPaid,
    pollIntervalMs,
  });
  const [choosingArea, setChoosingArea] = useState(false);
  const t = messages.modal;
  const { info, product, coupon, order } = state;

  return (
    <Modal opened={opened} onClose={onClose} title={t.title} size={960} centered>
      {state.phase === 'loading' && state.types.length === 0 ? (
        <Center h={240}>
          <Loader />
        </Center>
      ) : (
        <Stack gap="md">
          <MemberTypeCarousel
            types={state.types}
            selectedMemberCode={state.memberCode}
            onSelect={(code) => selectType(code as PaidMemberCode)}
            disabled={state.creatingOrder || forced}
          />
          {state.phase === 'failed' && <Alert color="red">{t.loadFailed}</Alert>}
          {/* Side by side on a wide screen; on a phone the purchase comes first and the table below it. */}
          <Flex align="flex-start" gap="lg" direction={{ base: 'column-reverse', sm: 'row' }}>
            <ScrollArea.Autosize mah={420} w={{ base: '100%', sm: 'auto' }} style={{ flex: 1 }} type="auto">
              {state.comparison && (
                <PrivilegeComparisonTable table={state.comparison} selectedMemberCode={state.memberCode} />
              )}
            </ScrollArea.Autosize>
            <Stack gap="sm" w={{ base: '100%', sm: 300 }} style={{ flexShrink: 0 }}>
              <Text fw={600}>{t.duration}</Text>
              <Group gap="xs" role="radiogroup" aria-label={t.duration}>
                {info?.productConfigResponses.map((option) => (
                  <UnstyledButton
                    key={option.id}
                    role="radio"
                    aria-checked={option.id === product?.id}
                    disabled={state.creatingOrder}
                    onClick={() => selectProduct(option.id)}
                    p="xs"
                    style={{
                      borderRadius: 6,
                      border: `2px solid ${option.id === product?.id ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-3)'}`,
                    }}
                  >
                    <Text size="sm" fw={600}>
                      {option.productTypeStr}
                    </Text>
                    <Text size="sm">{t.price(formatYuan(option.discountFee))}</Text>
                    {option.discountRate > 0 && (
                      <Text size="xs" c="red">
                        {t.save(savedYuan(option))}
                      </Text>
                    )}
                  </UnstyledButton>
                ))}
              </Group>
              <Text fw={600}>{t.area}</Text>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                {/* The areas wrap (two lines at most, all of them in the title); the button keeps its width. */}
                <Text
                  size="sm"
                  data-testid="purchase-areas"
                  lineClamp={2}
                  title={purchaseAreaText(state.areas)}
                  style={{ flex: 1, minWidth: 0 }}
                >
                  {purchaseAreaText(state.areas)}
                </Text>
                {info && !info.areaEditable ? (
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {t.wholeCountryOnly}
                  </Text>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    style={{ flexShrink: 0 }}
                    disabled={!info || state.creatingOrder}
                    onClick={() => setChoosingArea(true)}
                  >
                    {t.chooseArea}
                  </Button>
                )}
              </Group>
              <Text size="sm" fw={600} c="red" data-testid="selection-price" aria-live="polite">
                {product ? t.selectionPrice(product.productTypeStr, formatYuan(product.discountFee)) : '-'}
              </Text>
              <Text fw={600}>{t.coupon}</Text>
              <Text size="sm" data-testid="applied-coupon">
                {/* The server's choice and amount: the product's couponFee is what its payFee takes off. */}
                {coupon && product
                  ? t.couponApplied(formatYuan(product.couponFee), couponThresholdText(coupon))
                  : t.noCoupon}
              </Text>
              <Group gap="xs">
                <Text fw={600}>{t.payable}</Text>
                <Text fw={700} c="red" size="lg" data-testid="payable-amount">
                  {order
                    ? t.price(formatYuan(order.payFee))
                    : product
                      ? t.price(formatYuan(product.payFee))
                      : '-'}
                </Text>
              </Group>
              <Stack gap={4} align="center">
                {order ? (
                  // An inline style: Mantine's size props become rem, and the layout scales the root font (spec §9).
                  <Box
                    style={{ width: PAYMENT_QR_SIZE_PX, height: PAYMENT_QR_SIZE_PX }}
                    role="img"
                    aria-label={t.qrCode}
                    data-code-url={order.codeUrl}
                    data-order-no={order.orderNo}
                  >
                    <QRCodeSVG value={order.codeUrl} size={PAYMENT_QR_SIZE_PX} />
                  </Box>
                ) : (
                  // The button alone: the code's 140 px place, reserved around it, left a gap above it on a phone.
                  <Button
                    onClick={() => void requestPayment()}
                    loading={state.creatingOrder}
                    disabled={!product || state.loadingProducts}
                  >
                    {t.requestQr}
                  </Button>
                )}
                <Text size="xs" c="dimmed">
                  {state.creatingOrder ? t.creatingOrder : order ? t.scanToPay : t.requestQrHint}
                </Text>
              </Stack>
            </Stack>
          </Flex>
        </Stack>
      )}
      <MembershipAreaChooser
        opened={choosingArea}
        tree={areaTree}
        value={state.areas}
        editable={info?.areaEditable ?? true}
        onClose={() => setChoosingArea(false)}
        onConfirm={(areas) => {
          setChoosingArea(false);
          changeAreas(areas);
        }}
      />
    </Modal>
  );
}
