import type { TreeNode } from './schemas.ts'

/** Node values containing this marker are kept in the data but never shown. */
export const HIDDEN_NODE_MARKER = '/29999'

/** The tree without hidden nodes (and their descendants). */
export function visibleTree(nodes: readonly TreeNode[]): TreeNode[] {
  return nodes
    .filter((node) => !node.value.includes(HIDDEN_NODE_MARKER))
    .map((node) => ({ ...node, children: visibleTree(node.children) }))
}

/** Every node of a tree in document order (depth first), hidden ones included. */
export function flattenTree(nodes: readonly TreeNode[]): TreeNode[] {
  const out: TreeNode[] = []
  const walk = (list: readonly TreeNode[]) => {
    for (const node of list) {
      out.push(node)
      walk(node.children)
    }
  }
  walk(nodes)
  return out
}
