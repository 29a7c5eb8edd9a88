/**
 * A mind map as a Markdown outline and back: the root is a `# heading`, every other node a list item
 * indented two spaces per level. Import also reads deeper headings (`##`, `###`) as levels and any
 * list marker (`-`, `*`, `+`, `1.`). Pure, so it is tested without a map on screen.
 */
export interface OutlineNode {
  topic: string;
  children: OutlineNode[];
}

export function toOutline(root: OutlineNode): string {
  const lines = [`# ${root.topic}`];
  const walk = (nodes: OutlineNode[], depth: number) => {
    for (const node of nodes) {
      lines.push(`${'  '.repeat(depth)}- ${node.topic}`);
      walk(node.children, depth + 1);
    }
  };
  walk(root.children, 0);
  return `${lines.join('\n')}\n`;
}

/** The outline's tree; undefined when the text has no heading or item at all. */
export function fromOutline(text: string): OutlineNode | undefined {
  const items: { level: number; topic: string }[] = [];
  let headingBase: number | undefined;
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (!raw.trim()) continue;
    const heading = /^(#{1,6})\s+(.*)$/.exec(raw.trim());
    if (heading) {
      headingBase ??= heading[1]!.length;
      items.push({ level: heading[1]!.length - headingBase, topic: heading[2]!.trim() });
      continue;
    }
    const item = /^(\s*)(?:[-*+]|\d+[.)])\s+(.*)$/.exec(raw);
    if (item) {
      const indent = item[1]!.replace(/\t/g, '  ').length;
      items.push({ level: 1000 + Math.floor(indent / 2), topic: item[2]!.trim() });
    }
  }
  if (items.length === 0) return undefined;
  // List items hang below the last heading: their level is that heading's level + 1 + indent.
  const nodes: { level: number; topic: string }[] = [];
  let lastHeading = 0;
  for (const i of items) {
    if (i.level >= 1000) nodes.push({ level: lastHeading + 1 + (i.level - 1000), topic: i.topic });
    else {
      lastHeading = i.level;
      nodes.push(i);
    }
  }
  const root: OutlineNode = { topic: nodes[0]!.level === 0 ? nodes[0]!.topic : '中心主题', children: [] };
  const stack: { level: number; node: OutlineNode }[] = [{ level: 0, node: root }];
  for (const n of nodes[0]!.level === 0 ? nodes.slice(1) : nodes) {
    const level = Math.max(1, n.level);
    while (stack.length > 1 && stack[stack.length - 1]!.level >= level) stack.pop();
    const node: OutlineNode = { topic: n.topic, children: [] };
    stack[stack.length - 1]!.node.children.push(node);
    stack.push({ level, node });
  }
  return root;
}
