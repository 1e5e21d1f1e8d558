//! The module's allocator: the standard one (dlmalloc), with the memory
//! grown ahead. dlmalloc grows the wasm memory by what one allocation lacks,
//! so indexing a large catalog grew it a page or a few at a time, hundreds
//! of times; and each growth makes V8 collect garbage over the host's whole
//! heap (at 50,000 tools, 98 full collections of about 60 ms each, most of
//! the first search). Grown by a quarter of its size whenever it grows, the
//! memory grows a few dozen times on the way to any size, and at most a
//! quarter of it waits unused.

use std::alloc::{GlobalAlloc, Layout, System};
use std::arch::wasm32::memory_size;

/// The memory grows by at least its size over this whenever it grows.
const GROWTH_DIVISOR: usize = 8;
/// Bytes of a wasm page.
const PAGE: usize = 65_536;

/// [`System`], growing the memory ahead of need.
struct GrowingAhead;

#[global_allocator]
static ALLOCATOR: GrowingAhead = GrowingAhead;

// SAFETY: every call is passed on to `System` unchanged; `grow_ahead` only
// allocates and frees a block of its own.
unsafe impl GlobalAlloc for GrowingAhead {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ahead_of(|| System.alloc(layout))
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ahead_of(|| System.alloc_zeroed(layout))
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ahead_of(|| System.realloc(ptr, layout, new_size))
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

/// Runs `allocate`; if it grew the memory, grows it ahead.
fn ahead_of(allocate: impl FnOnce() -> *mut u8) -> *mut u8 {
    let pages = memory_size(0);
    let allocated = allocate();
    if memory_size(0) != pages {
        grow_ahead();
    }
    allocated
}

/// Grows the memory by a [`GROWTH_DIVISOR`]th of its size in one step: a
/// block that large is allocated (past the allocator's free space, so the
/// memory grows by it) and freed at once, which leaves it free at the top
/// of the allocator's space for what comes next.
fn grow_ahead() {
    let bytes = memory_size(0) * PAGE / GROWTH_DIVISOR;
    let Ok(layout) = Layout::from_size_align(bytes, 16) else {
        return;
    };
    // SAFETY: the block is freed with the layout it was allocated with.
    unsafe {
        let block = System.alloc(layout);
        if !block.is_null() {
            System.dealloc(block, layout);
        }
    }
}
