/**
 * What the editor lends its tools beyond the module interface, through React context so that the
 * interface stays as it is: the curriculum (the stage-children call) for tools that build from a
 * chapter or pick a node, and the exact origins a host frame may post messages from.
 */
import { createContext, useContext } from 'react';
import type { StageChild, StageChildrenQuery } from '@dscloud/sdk/tools';

export interface ToolServices {
  stageChildren(query: StageChildrenQuery): Promise<StageChild[]>;
  /** Origins (scheme://host:port, compared exactly) whose postMessage a tool may read; the page's own always. */
  messageOrigins: readonly string[];
}

const unavailable: ToolServices = {
  stageChildren: () => Promise.reject(new Error('curriculum not loaded')),
  messageOrigins: [],
};

export const ToolServicesContext = createContext<ToolServices>(unavailable);
export const useToolServices = (): ToolServices => useContext(ToolServicesContext);
