#include "cpixelkernels.h"

/*
 * Parent links are read and written with relaxed atomics. On x86-64 these are plain moves;
 * they make the one data race of the two-thread merge defined behaviour: a thread may halve
 * a path through nodes the other one is halving or linking. Every parent either thread
 * writes is an ancestor of the node (links are only added above roots, and halving only
 * skips ancestors), so in any order the forest stays valid.
 */
static inline int32_t parent_of(const cpk_forest_node *node, intptr_t x) {
    return __atomic_load_n(&node[x].parent, __ATOMIC_RELAXED);
}

static inline void set_parent(cpk_forest_node *node, intptr_t x, int32_t parent) {
    __atomic_store_n(&node[x].parent, parent, __ATOMIC_RELAXED);
}

/* The root of x's component, halving the path on the way. Written as a load and then a loop
   marked unlikely, clang lays it out so that the merge over the 20 MP photo's edges took
   10.0 ms instead of 10.9 with the loop's test at its top (one thread, in a C driver). */
static inline intptr_t find_root(cpk_forest_node *node, intptr_t x) {
    intptr_t parent = parent_of(node, x);
    while (__builtin_expect(parent != x, 0)) {
        const int32_t grandparent = parent_of(node, parent);
        set_parent(node, x, grandparent);
        x = grandparent;
        parent = parent_of(node, x);
    }
    return x;
}

/* Joins roots a and b, the smaller under the larger, and sets the new root's threshold. */
static inline void join_roots(cpk_forest_node *node, int32_t *size, float scale, intptr_t a, intptr_t b, float w) {
    intptr_t big = a, small = b;
    if (size[a] < size[b]) { big = b; small = a; }
    set_parent(node, small, (int32_t)big);
    size[big] += size[small];
    node[big].threshold = w + scale / (float)size[big];
}

/* Both merge loops ask for the nodes of the edge 32 keys ahead: in the 20 MP photo's merge
   on one thread 199-200 samples per 1000 of libjpeg's instead of 202-207. */
enum { PREFETCH_DISTANCE = 32 };

static inline void prefetch_edge(const cpk_forest_node *node, const intptr_t *offset, uint32_t key) {
    const intptr_t p = (intptr_t)(key >> 2);
    __builtin_prefetch(&node[p]);
    __builtin_prefetch(&node[p + offset[key & 3]]);
}

void cpk_forest_merge(const cpk_forest *forest, const uint32_t *keys, size_t count, float w) {
    cpk_forest_node *const node = forest->node;
    int32_t *const size = forest->size;
    const float scale = forest->scale;
    const intptr_t offset[4] = { forest->offset[0], forest->offset[1], forest->offset[2], forest->offset[3] };
    for (size_t k = 0; k < count; k++) {
        const uint32_t key = keys[k];
        if (k + PREFETCH_DISTANCE < count) prefetch_edge(node, offset, keys[k + PREFETCH_DISTANCE]);
        const intptr_t p = (intptr_t)(key >> 2), q = p + offset[key & 3];
        const intptr_t a = find_root(node, p), b = find_root(node, q);
        if (a == b || !(w <= node[a].threshold) || !(w <= node[b].threshold)) continue;
        join_roots(node, size, scale, a, b, w);
    }
}

size_t cpk_forest_merge_unshared(const cpk_forest *forest, const uint32_t *keys, size_t count, float w,
                                 uint8_t *shared, uint32_t *set_aside) {
    cpk_forest_node *const node = forest->node;
    int32_t *const size = forest->size;
    const float scale = forest->scale;
    const intptr_t offset[4] = { forest->offset[0], forest->offset[1], forest->offset[2], forest->offset[3] };
    size_t aside = 0;
    for (size_t k = 0; k < count; k++) {
        const uint32_t key = keys[k];
        if (k + PREFETCH_DISTANCE < count) prefetch_edge(node, offset, keys[k + PREFETCH_DISTANCE]);
        const intptr_t p = (intptr_t)(key >> 2), q = p + offset[key & 3];
        const intptr_t a = find_root(node, p);
        const intptr_t b = find_root(node, q);
        if (a == b) continue;
        const uint8_t shared_a = shared[a], shared_b = shared[b];
        /* An unshared component's threshold is this thread's to read; a shared one's is not. */
        if (!shared_a && !(w <= node[a].threshold)) continue;
        if (!shared_b && !(w <= node[b].threshold)) continue;
        if (shared_a | shared_b) {
            shared[a] = 1;
            shared[b] = 1;
            set_aside[aside++] = key;
            continue;
        }
        join_roots(node, size, scale, a, b, w);
    }
    return aside;
}
