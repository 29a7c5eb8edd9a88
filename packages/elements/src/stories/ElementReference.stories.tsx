import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import manifest from '../../custom-elements.json';

/**
 * The reference of every element as bureaus embed it: attributes, properties, events, parts and
 * custom properties, read from custom-elements.json (generated from the element sources), so the
 * workshop and the manifest cannot disagree.
 */
interface Named {
  name: string;
  description?: string;
  type?: { text?: string };
  fieldName?: string;
  kind?: string;
  privacy?: string;
  static?: boolean;
}
interface Declaration {
  tagName?: string;
  name: string;
  summary?: string;
  description?: string;
  attributes?: Named[];
  members?: Named[];
  events?: Named[];
  cssParts?: Named[];
  cssProperties?: Named[];
}

const elements = (manifest.modules as { declarations: Declaration[] }[])
  .flatMap((module) => module.declarations)
  .filter((declaration) => declaration.tagName);

function Table({ caption, rows, first }: { caption: string; rows: Named[] | undefined; first: string }) {
  if (!rows?.length) return null;
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%', margin: '8px 0 16px', fontSize: 14 }}>
      <caption style={{ textAlign: 'left', fontWeight: 600, padding: '4px 0' }}>{caption}</caption>
      <thead>
        <tr>
          <th style={cell}>{first}</th>
          <th style={cell}>type</th>
          <th style={cell}>description</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <td style={cell}>
              <code>{row.name}</code>
            </td>
            <td style={cell}>{row.type?.text ?? ''}</td>
            <td style={cell}>{row.description ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
const cell = { border: '1px solid #d9d9d9', padding: '4px 8px', textAlign: 'left' as const, verticalAlign: 'top' as const };

function Reference({ tag }: { tag: string }) {
  const element = elements.find((e) => e.tagName === tag);
  if (!element) return <p>{tag}: not in custom-elements.json</p>;
  const properties = element.members?.filter((m) => m.kind === 'field' && m.privacy !== 'private' && !m.static);
  return (
    <article style={{ maxWidth: 960, fontFamily: 'system-ui, sans-serif', background: '#fff', padding: 16 }}>
      <h1 style={{ fontSize: 20 }}>
        <code>{`<${tag}>`}</code>
      </h1>
      {element.summary ? <p>{element.summary}</p> : null}
      <Table caption="Attributes" rows={element.attributes} first="attribute" />
      <Table caption="Properties" rows={properties} first="property" />
      <Table caption="Events" rows={element.events} first="event" />
      <Table caption="Parts (::part)" rows={element.cssParts} first="part" />
      <Table caption="Custom properties" rows={element.cssProperties} first="property" />
    </article>
  );
}

const meta = {
  title: 'Reference/Elements',
  component: Reference,
  parameters: { layout: 'padded' },
  argTypes: { tag: { control: 'select', options: elements.map((e) => e.tagName) } },
} satisfies Meta<typeof Reference>;
export default meta;
type Story = StoryObj<typeof meta>;

/** One story per element: its whole reference, checked to list what the manifest lists. */
const story = (tag: string): Story => ({
  args: { tag },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: `<${tag}>` })).toBeVisible();
    const element = elements.find((e) => e.tagName === tag)!;
    for (const attribute of element.attributes ?? []) await expect(canvas.getAllByText(attribute.name).length).toBeGreaterThan(0);
  },
});

export const Login = story('ds-login');
export const Uploader = story('ds-uploader');
export const LessonPlayer = story('ds-lesson-player');
export const ActivityList = story('ds-activity-list');
export const HelpWidget = story('ds-help-widget');
