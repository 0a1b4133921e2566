export interface TreeInput {
  hash: string;
  inMsgHash: string | null;
  outMsgHashes: string[];
}

export interface TreeNode {
  hash: string;
  inMsgHash: string | null;
  children: TreeNode[];
}

/**
 * Builds a trace's tree from its transactions in lt order: a transaction is the child of the one whose
 * out-message is its in-message. A parent always precedes its children in lt order, so one pass suffices.
 * A second transaction without a parent is reported, as toncenter does, and left out of the tree.
 */
export function buildTree(ordered: TreeInput[]): { root: TreeNode | null; warning: string | null } {
  const parentOfMessage = new Map<string, TreeNode>();
  let root: TreeNode | null = null;
  let warning: string | null = null;
  for (const tx of ordered) {
    const node: TreeNode = { hash: tx.hash, inMsgHash: tx.inMsgHash, children: [] };
    const parent = tx.inMsgHash === null ? undefined : parentOfMessage.get(tx.inMsgHash);
    if (parent) {
      parentOfMessage.delete(tx.inMsgHash!);
      parent.children.push(node);
    } else if (root === null) {
      root = node;
    } else {
      warning = 'missing node in trace found';
    }
    for (const out of tx.outMsgHashes) parentOfMessage.set(out, node);
  }
  return { root, warning };
}
