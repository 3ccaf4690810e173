/* A binary search tree: insert keys, print them in order, count the leaves, free the tree. */
#include <stdio.h>
#include <stdlib.h>

struct tree {
  int key;
  struct tree *left;
  struct tree *right;
};

struct tree *insert(struct tree *root, int key) {
  if (root == NULL) {
    struct tree *t = malloc(sizeof *t);
    t->key = key;
    t->left = NULL;
    t->right = NULL;
    return t;
  }
  if (key < root->key) root->left = insert(root->left, key);
  else root->right = insert(root->right, key);
  return root;
}

void in_order(struct tree *root) {
  if (root == NULL) return;
  in_order(root->left);
  printf("%d ", root->key);
  in_order(root->right);
}

int leaves(struct tree *root) {
  if (root == NULL) return 0;
  if (root->left == NULL && root->right == NULL) return 1;
  return leaves(root->left) + leaves(root->right);
}

void destroy(struct tree *root) {
  if (root == NULL) return;
  destroy(root->left);
  destroy(root->right);
  free(root);
}

int main(void) {
  struct tree *root = NULL;
  int keys[] = {50, 30, 70, 20, 40, 60, 80, 35};
  for (int i = 0; i < 8; i++) root = insert(root, keys[i]);
  in_order(root);
  printf("\nleaves: %d\n", leaves(root));
  destroy(root);
  return 0;
}
