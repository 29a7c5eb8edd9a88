import axe from 'axe-core';

/** Runs axe-core on a node (shadow roots included) and returns the violations, readable in a failure. */
export async function axeViolations(context: Element): Promise<string[]> {
  const result = await axe.run(context, { resultTypes: ['violations'] });
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
