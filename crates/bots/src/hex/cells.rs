//! Sets of cells as bitsets: the carriers of virtual connections and the
//! masks of the knowledge analysis. One bit per row-major cell number (the
//! rules' index); 384 bits hold the largest board (19×19) and two more
//! node numbers beside it (a colour's two edges in [`super::vc`]).

#[derive(Copy, Clone, Default, Eq)]
pub struct CellSet([u64; WORDS]);

const WORDS: usize = 6;

/// Bits a set can hold.
pub const CAPACITY: usize = WORDS * 64;

impl CellSet {
    pub const EMPTY: CellSet = CellSet([0; WORDS]);

    pub fn single(i: usize) -> CellSet {
        let mut s = CellSet::EMPTY;
        s.insert(i);
        s
    }

    #[inline]
    pub fn contains(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 == 1
    }

    #[inline]
    pub fn insert(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }

    #[inline]
    pub fn remove(&mut self, i: usize) {
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    #[inline]
    pub fn and(&self, other: &CellSet) -> CellSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0) {
            *a &= b;
        }
        out
    }

    #[inline]
    pub fn or(&self, other: &CellSet) -> CellSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0) {
            *a |= b;
        }
        out
    }

    #[inline]
    pub fn minus(&self, other: &CellSet) -> CellSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0) {
            *a &= !b;
        }
        out
    }

    #[inline]
    pub fn meets(&self, other: &CellSet) -> bool {
        self.0.iter().zip(other.0).any(|(a, b)| a & b != 0)
    }

    /// Whether every member of `self` is in `other`.
    #[inline]
    pub fn is_subset(&self, other: &CellSet) -> bool {
        self.0.iter().zip(other.0).all(|(a, b)| a & !b == 0)
    }

    /// Members in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let i = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    w * 64 + i
                })
            })
        })
    }

    pub fn first(&self) -> Option<usize> {
        self.iter().next()
    }
}

impl PartialEq for CellSet {
    /// Word by word (the derived comparison calls `memcmp`, which is slow
    /// for six words in the connection builder's inner loops).
    #[inline]
    fn eq(&self, other: &CellSet) -> bool {
        let mut differ = 0;
        for (a, b) in self.0.iter().zip(other.0) {
            differ |= a ^ b;
        }
        differ == 0
    }
}

impl FromIterator<usize> for CellSet {
    fn from_iter<I: IntoIterator<Item = usize>>(items: I) -> CellSet {
        let mut s = CellSet::EMPTY;
        for i in items {
            s.insert(i);
        }
        s
    }
}

impl std::fmt::Debug for CellSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let a: CellSet = [1, 64, 300, 383].into_iter().collect();
        let b: CellSet = [64, 2].into_iter().collect();
        assert_eq!(a.len(), 4);
        assert_eq!(a.iter().collect::<Vec<_>>(), vec![1, 64, 300, 383]);
        assert_eq!(a.and(&b), CellSet::single(64));
        assert_eq!(a.or(&b).len(), 5);
        assert_eq!(a.minus(&b).iter().collect::<Vec<_>>(), vec![1, 300, 383]);
        assert!(a.meets(&b) && !a.minus(&b).meets(&b));
        assert!(CellSet::single(300).is_subset(&a) && !b.is_subset(&a));
        assert!(CellSet::EMPTY.is_empty() && CellSet::EMPTY.first().is_none());
        let mut c = a;
        c.remove(1);
        assert_eq!(c.first(), Some(64));
    }
}
