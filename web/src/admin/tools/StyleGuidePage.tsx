import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Checkbox,
  ColorSwatch,
  FileInput,
  Group,
  Loader,
  Menu,
  Modal,
  MultiSelect,
  Paper,
  PasswordInput,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconChevronDown, IconInfoCircle, IconPlus, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { DayInput } from '../../ui/DayInput';

/** The toast levels of the design (top right): info, warning and error. */
const TOASTS = [
  { level: 'Info', color: 'navy', message: 'Successfully added Asset', icon: <IconInfoCircle size={18} /> },
  { level: 'Warning', color: 'yellow', message: 'Account already activated', icon: <IconAlertTriangle size={18} /> },
  { level: 'Error', color: 'red', message: 'Could not save entity', icon: <IconX size={18} /> },
] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section" aria-label={title}>
      <Title order={2} size="h3" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** /admin/styleguide: the theme's colours, type and controls, rendered by the real components. */
export default function StyleGuidePage() {
  const theme = useMantineTheme();
  const [modal, { open, close }] = useDisclosure(false);
  const [day, setDay] = useState<string | null>('2026-01-31');
  const palettes = ['navy', 'safety', 'green', 'yellow', 'red', 'gray'];

  return (
    <Stack gap="lg">
      <Title order={1}>Style Guide</Title>
      <Text c="dimmed">
        One Mantine theme for the hub: deep navy for the brand, safety orange for calls to action, risk colours with their words.
      </Text>

      <Section title="Colours">
        <Stack gap="sm">
          {palettes.map((name) => (
            <Group key={name} gap="xs" wrap="nowrap">
              <Text w={80} size="sm" fw={600}>
                {name}
                {name === theme.primaryColor ? ' (primary)' : ''}
              </Text>
              <Group gap={6} wrap="wrap">
                {theme.colors[name].map((hex, i) => (
                  <Stack key={hex} gap={2} align="center">
                    <ColorSwatch color={hex} radius="sm" size={36} aria-label={`${name} ${i}: ${hex}`} />
                    <Text size="xs" c="dimmed">
                      {i}
                    </Text>
                  </Stack>
                ))}
              </Group>
            </Group>
          ))}
          <Group gap="xs">
            <Badge color="green">Low</Badge>
            <Badge color="yellow">Moderate</Badge>
            <Badge color="orange">High</Badge>
            <Badge color="red">Catastrophic</Badge>
            <Text size="sm" c="dimmed">
              Risk levels always show their word as well as their colour.
            </Text>
          </Group>
        </Stack>
      </Section>

      <Section title="Typography">
        <Stack gap="xs">
          <Title order={1}>Heading 1: page titles</Title>
          <Title order={2}>Heading 2: sections</Title>
          <Title order={3}>Heading 3: cards and fieldsets</Title>
          <Title order={4}>Heading 4</Title>
          <Text size="lg">Large text, for lead paragraphs.</Text>
          <Text>Body text in the system font stack: {theme.fontFamily}</Text>
          <Text size="sm">Small text, for tables and hints.</Text>
          <Text size="sm" c="dimmed">
            Dimmed text, for secondary information.
          </Text>
          <Text>
            A <Anchor href="#">link</Anchor> inside text, and{' '}
            <Text span fw={700}>
              bold
            </Text>{' '}
            for emphasis.
          </Text>
          <Breadcrumbs>
            <Anchor href="/admin">Home</Anchor>
            <Anchor href="/admin/assetentity">Assets</Anchor>
            <Text size="sm">Service van</Text>
          </Breadcrumbs>
        </Stack>
      </Section>

      <Section title="Buttons">
        <Stack gap="sm">
          <Group>
            <Button>Primary</Button>
            <Button color="safety">Call to action</Button>
            <Button variant="light">Light</Button>
            <Button variant="outline">Outline</Button>
            <Button variant="default">Default</Button>
            <Button variant="subtle">Subtle</Button>
            <Button color="red">Delete</Button>
          </Group>
          <Group>
            <Button size="xs">Extra small</Button>
            <Button size="sm">Small</Button>
            <Button leftSection={<IconPlus size={16} />}>With icon</Button>
            <Button loading>Saving</Button>
            <Button disabled>Disabled</Button>
            <Menu>
              <Menu.Target>
                <Button variant="default" rightSection={<IconChevronDown size={16} />}>
                  Dropdown
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item>View</Menu.Item>
                <Menu.Item>Edit</Menu.Item>
                <Menu.Item color="red">Delete</Menu.Item>
              </Menu.Dropdown>
            </Menu>
            <Button variant="outline" onClick={open}>
              Open modal
            </Button>
          </Group>
        </Stack>
      </Section>

      <Section title="Inputs">
        <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }}>
          <TextInput label="Text" placeholder="Asset name" withAsterisk />
          <TextInput label="With an error" defaultValue="not-an-email" error="The value is not a valid email" />
          <PasswordInput label="Password" defaultValue="secret password" />
          <Select label="Combobox" data={['Tool', 'Vehicle', 'Harness']} defaultValue="Tool" clearable />
          <MultiSelect label="Multi-combobox" data={['SWMS', 'SDS', 'Field']} defaultValue={['SWMS']} searchable />
          <DayInput label="Date" value={day} onChange={setDay} />
          <TextInput label="Date and time" type="datetime-local" defaultValue="2026-01-31T09:30" />
          <FileInput label="File" placeholder="No File Attached" clearable />
          <Textarea label="Textarea" defaultValue="Several lines of text." autosize minRows={2} />
          <Stack gap="xs">
            <Checkbox label="Checkbox" defaultChecked />
            <Switch label="Switch" />
            <Radio.Group label="Radio" defaultValue="email">
              <Group mt={4}>
                <Radio value="email" label="Email codes" />
                <Radio value="app" label="Authenticator app" />
              </Group>
            </Radio.Group>
          </Stack>
          <TextInput label="Read-only" value="Shown, not editable" readOnly />
          <TextInput label="Disabled" value="Not available" disabled />
        </SimpleGrid>
      </Section>

      <Section title="Toasts and alerts">
        <Stack gap="sm">
          <Group>
            {TOASTS.map((t) => (
              <Button
                key={t.level}
                variant="light"
                color={t.color}
                leftSection={t.icon}
                onClick={() => notifications.show({ color: t.color, title: t.level, message: t.message, icon: t.icon })}
              >
                Show {t.level.toLowerCase()} toast
              </Button>
            ))}
          </Group>
          {TOASTS.map((t) => (
            <Alert key={t.level} color={t.color} title={t.level} icon={t.icon}>
              {t.message}
            </Alert>
          ))}
        </Stack>
      </Section>

      <Section title="Badges and loading">
        <Stack gap="sm">
          <Group>
            <Badge>Default</Badge>
            <Badge color="safety">Accent</Badge>
            <Badge color="green">Yes</Badge>
            <Badge color="gray">No</Badge>
            <Badge color="red">Locked</Badge>
            <Badge variant="outline">Outline</Badge>
            <Badge variant="light">Light</Badge>
          </Group>
          <Group>
            <Loader size="sm" />
            <Text>Loading Assets...</Text>
          </Group>
          <Stack gap={6} maw={480}>
            <Skeleton height={14} />
            <Skeleton height={14} />
            <Skeleton height={14} width="70%" />
          </Stack>
        </Stack>
      </Section>

      <Modal opened={modal} onClose={close} title="Please confirm" centered>
        <Stack>
          <Text>Are you sure you want to delete this item?</Text>
          <Group justify="flex-end">
            <Button variant="subtle" onClick={close}>
              Cancel
            </Button>
            <Button color="red" onClick={close}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
