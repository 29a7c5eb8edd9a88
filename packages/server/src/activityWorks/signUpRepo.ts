/**
 * Sign-ups and node claims. A claim is one transaction: per node, the occupancy row is made if missing
 * (INSERT … ON CONFLICT DO NOTHING), then taken with `UPDATE … SET taken = taken + 1 WHERE taken <
 * limit RETURNING`; a node that returns no row is full and the whole claim rolls back, so concurrent
 * claims of the last free place cannot both win (the row lock makes the second re-read `taken`), on
 * PGlite and on PostgreSQL with several server processes. Nodes are taken in id order so that two
 * claims of the same nodes never wait on each other crosswise. Giving a node up frees its place and
 * withdraws its work (submit status 2), which is kept.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { SignUpStatus, WorkSubmitStatus } from '@dscloud/sdk/activities';
import { Codes } from '@dscloud/sdk/errors';
import type { Orm } from '../db/database.js';
import { newId } from '../db/ids.js';
import { rows } from '../db/rows.js';
import { occupancyCache } from './occupancyCache.js';
import { activityNodeOccupancy, activitySignUpNodes, activitySignUps, activityWorks } from '../db/schema.js';
import { AppError } from '../http/appError.js';
import type { SignUpRow } from '../activities/signUpView.js';

type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

export async function signUpOf(db: Orm, activityId: string, userId: string): Promise<SignUpRow | null> {
  const [row] = await db
    .select()
    .from(activitySignUps)
    .where(and(eq(activitySignUps.activityId, activityId), eq(activitySignUps.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function signUpById(db: Orm, id: string): Promise<SignUpRow | null> {
  const [row] = await db.select().from(activitySignUps).where(eq(activitySignUps.id, id)).limit(1);
  return row ?? null;
}

export async function activeNodeCount(db: Orm | Tx, signUpId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(activitySignUpNodes)
    .where(and(eq(activitySignUpNodes.signUpId, signUpId), eq(activitySignUpNodes.status, SignUpStatus.ACTIVE)));
  return Number(row?.n ?? 0);
}

export interface SignUpFields {
  realName: string;
  phone: string;
  schoolId: string;
  districtId: string | null;
  stage: number;
  subjectCode: number;
}

/** Creates the sign-up, or updates (and revives a cancelled) one: one row per teacher and activity. */
export async function saveSignUp(db: Orm, activityId: string, userId: string, fields: SignUpFields, now: number): Promise<SignUpRow> {
  const [row] = await db
    .insert(activitySignUps)
    .values({ id: newId('su'), activityId, userId, ...fields, status: SignUpStatus.ACTIVE, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [activitySignUps.activityId, activitySignUps.userId],
      set: { ...fields, status: SignUpStatus.ACTIVE, cancelledAt: null, updatedAt: now },
    })
    .returning();
  return row!;
}

export interface ClaimRequest {
  signUp: SignUpRow;
  /** New nodes to take (not already the teacher's), with their names for the refusal. */
  nodes: Array<{ id: string; name: string }>;
  teachersPerNode: number;
  nodesPerTeacher: number;
  now: number;
}

/** Takes every node or none; 409 naming the first full node or the teacher's own limit. */
export async function claimNodes(db: Orm, claim: ClaimRequest): Promise<void> {
  const nodes = [...claim.nodes].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // Refused or not, the tree of the next caller reads the occupancy again (a refusal means it was stale).
  try {
    await claimInTransaction(db, claim, nodes);
  } finally {
    occupancyCache(db).changed(claim.signUp.activityId);
  }
}

async function claimInTransaction(db: Orm, claim: ClaimRequest, nodes: ClaimRequest['nodes']): Promise<void> {
  await db.transaction(async (tx) => {
    // One claim at a time per sign-up: the teacher's own limit is counted under this lock.
    await tx.execute(sql`SELECT id FROM activity_sign_ups WHERE id = ${claim.signUp.id} FOR UPDATE`);
    const held = await activeNodeCount(tx, claim.signUp.id);
    if (held + nodes.length > claim.nodesPerTeacher) {
      throw new AppError(
        Codes.CONFLICT,
        `每位教师最多认领 ${claim.nodesPerTeacher} 个节点，您已认领 ${held} 个，本次又选择了 ${nodes.length} 个`,
        { field: 'nodeIds' },
      );
    }
    for (const node of nodes) {
      await tx.insert(activityNodeOccupancy).values({ activityId: claim.signUp.activityId, nodeId: node.id, taken: 0 }).onConflictDoNothing();
      const taken = await rows<{ taken: number }>(
        tx as unknown as Orm,
        sql`UPDATE activity_node_occupancy SET taken = taken + 1
            WHERE activity_id = ${claim.signUp.activityId} AND node_id = ${node.id} AND taken < ${claim.teachersPerNode}
            RETURNING taken`,
      );
      if (taken.length === 0) {
        throw new AppError(Codes.CONFLICT, `节点「${node.name}」已满（每个节点最多 ${claim.teachersPerNode} 位教师）`, { field: 'nodeIds' });
      }
      await tx.insert(activitySignUpNodes).values({
        id: newId('sn'),
        signUpId: claim.signUp.id,
        activityId: claim.signUp.activityId,
        userId: claim.signUp.userId,
        nodeId: node.id,
        status: SignUpStatus.ACTIVE,
        createdAt: claim.now,
      });
    }
  });
}

/** Gives one active node up inside `tx`: frees its place and withdraws its work. Null when it was not active, else its activity. */
async function releaseNode(tx: Tx, signUpNodeId: string, now: number): Promise<string | null> {
  const [released] = await tx
    .update(activitySignUpNodes)
    .set({ status: SignUpStatus.CANCELLED, cancelledAt: now })
    .where(and(eq(activitySignUpNodes.id, signUpNodeId), eq(activitySignUpNodes.status, SignUpStatus.ACTIVE)))
    .returning({ activityId: activitySignUpNodes.activityId, nodeId: activitySignUpNodes.nodeId });
  if (!released) return null;
  await tx.execute(
    sql`UPDATE activity_node_occupancy SET taken = taken - 1
        WHERE activity_id = ${released.activityId} AND node_id = ${released.nodeId} AND taken > 0`,
  );
  await tx
    .update(activityWorks)
    .set({ submitStatus: WorkSubmitStatus.WITHDRAWN, updatedAt: now, version: sql`${activityWorks.version} + 1` })
    .where(and(eq(activityWorks.signUpNodeId, signUpNodeId), sql`${activityWorks.submitStatus} <> ${WorkSubmitStatus.WITHDRAWN}`));
  return released.activityId;
}

export async function cancelNode(db: Orm, signUpNodeId: string, now: number): Promise<boolean> {
  const activityId = await db.transaction((tx) => releaseNode(tx, signUpNodeId, now));
  if (activityId) occupancyCache(db).changed(activityId);
  return activityId !== null;
}

/** Cancels the sign-up and gives up each of its nodes, atomically. False when it was already cancelled. */
export async function cancelSignUp(db: Orm, signUpId: string, now: number): Promise<boolean> {
  const activityId = await db.transaction(async (tx): Promise<string | false> => {
    const [cancelled] = await tx
      .update(activitySignUps)
      .set({ status: SignUpStatus.CANCELLED, cancelledAt: now, updatedAt: now })
      .where(and(eq(activitySignUps.id, signUpId), eq(activitySignUps.status, SignUpStatus.ACTIVE)))
      .returning({ id: activitySignUps.id, activityId: activitySignUps.activityId });
    if (!cancelled) return false;
    const active = await tx
      .select({ id: activitySignUpNodes.id })
      .from(activitySignUpNodes)
      .where(and(eq(activitySignUpNodes.signUpId, signUpId), eq(activitySignUpNodes.status, SignUpStatus.ACTIVE)));
    for (const node of active) await releaseNode(tx, node.id, now);
    return cancelled.activityId;
  });
  if (activityId) occupancyCache(db).changed(activityId);
  return activityId !== false;
}

export async function signUpNodeById(db: Orm, id: string) {
  const [row] = await db.select().from(activitySignUpNodes).where(eq(activitySignUpNodes.id, id)).limit(1);
  return row ?? null;
}
