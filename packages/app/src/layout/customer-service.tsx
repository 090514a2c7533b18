import { Affix, Button, HoverCard, Image, Stack, Text } from '@mantine/core';
import type { CustomerContact } from '@tender/contracts';
import { useEffect, useState } from 'react';
import { messages } from '../messages';
import { useAppServices } from '../shell/app-context';

/** spec §1: the floating widget shows only when the company configuration has both images. */
export function customerServiceImages(contacts: readonly CustomerContact[]) {
  const image = contacts.find((contact) => contact.label === 'image')?.value;
  const weChat = contacts.find((contact) => contact.label === 'qrcode')?.value;
  return image && weChat ? { image, weChat } : undefined;
}

export function CustomerService() {
  const { api } = useAppServices();
  const [images, setImages] = useState<{ image: string; weChat: string }>();
  useEffect(() => {
    api
      .customerMobile({}, { silent: true })
      .then((contacts) => setImages(customerServiceImages(contacts)))
      .catch(() => setImages(undefined));
  }, [api]);
  if (!images) return null;
  return (
    <Affix position={{ right: 16, top: '40%' }}>
      <HoverCard position="left" shadow="md">
        <HoverCard.Target>
          <Button size="compact-sm" data-testid="customer-service">
            {messages.layout.customerService}
          </Button>
        </HoverCard.Target>
        <HoverCard.Dropdown>
          <Stack gap="xs" align="center">
            <Image src={images.image} alt={messages.layout.customerService} w={160} />
            <Image src={images.weChat} alt={messages.layout.customerServiceWeChat} w={120} />
            <Text size="xs">{messages.layout.customerServiceWeChat}</Text>
          </Stack>
        </HoverCard.Dropdown>
      </HoverCard>
    </Affix>
  );
}
