//! Training the Hex policy ([`papan_bots::hex::policy`]) on the CPU:
//! the positions of self-play games with the move played in each, and the
//! gradient of the policy's log loss by matrix products over a batch
//! (im2col), with Adam.

use super::selfplay_games::for_each_played;
use matrixmultiply::sgemm;
use papan_bots::hex::board::FastBoard;
use papan_bots::hex::policy::{encode, grid_of, neighbour_table, PolicyNet, EMPTY_PLANE, INPUT_PLANES};
use papan_bots::hex::value::{pool, ValueHead};
use rand::seq::SliceRandom;
use rand::Rng;

/// One position seen by the mover: its input planes, the grid cell played
/// and what to teach the net there (the root's visits as shares where the
/// file gives them, else the cell played).
pub struct Sample {
    pub side: usize,
    pub planes: Vec<f32>,
    pub target: usize,
    pub targets: Targets,
    /// For the pattern comparison: the board, the mover and the framed cell.
    pub board: FastBoard,
    pub mover: u8,
    pub at: usize,
}

/// Every position of every game (after the random opening stones) with a
/// stone played next, game by game.
pub fn read_games(files: &[String]) -> Result<Vec<Vec<Sample>>, String> {
    let mut games: Vec<Vec<Sample>> = Vec::new();
    let count = for_each_played(files, |played| {
        games.resize_with(played.game + 1, Vec::new);
        let board = played.board.clone();
        let at = board.at(played.cell);
        let side = board.size() + 2;
        let mut planes = Vec::new();
        encode(&board, played.mover, &mut planes);
        let target = grid_of(at, side, played.mover);
        let total: u64 = played.visits.iter().map(|&(_, n)| u64::from(n)).sum();
        let targets = if total == 0 {
            vec![(target, 1.0)]
        } else {
            let grid = |cell| grid_of(board.at(cell), side, played.mover);
            played
                .visits
                .iter()
                .map(|&(cell, n)| (grid(cell), n as f32 / total as f32))
                .collect()
        };
        games[played.game].push(Sample {
            side,
            planes,
            target,
            targets,
            board,
            mover: played.mover,
            at,
        });
    })?;
    games.resize_with(count, Vec::new);
    Ok(games)
}

/// Teaches every sample the move played alone, whatever visits its file gave.
pub fn teach_played(samples: &mut [Sample]) {
    for s in samples {
        s.targets = vec![(s.target, 1.0)];
    }
}

/// A sample's planes turned half a turn (the board's symmetry that keeps
/// each side's edges): grid cell `p` goes to `cells - 1 - p`.
pub fn half_turn(planes: &[f32]) -> Vec<f32> {
    let cells = planes.len() / INPUT_PLANES;
    let mut out = vec![0.0; planes.len()];
    for p in 0..cells {
        let q = cells - 1 - p;
        out[q * INPUT_PLANES..(q + 1) * INPUT_PLANES]
            .copy_from_slice(&planes[p * INPUT_PLANES..(p + 1) * INPUT_PLANES]);
    }
    out
}

/// The shuffled `examples` in batches of one board size each (the grid
/// is per size): each size's in their order, cut every `batch`, the
/// batches then shuffled among themselves when there are several sizes
/// (with one, the batches are the shuffled positions cut in order).
pub fn size_batches(examples: &[Example], batch: usize, rng: &mut impl Rng) -> Vec<Vec<usize>> {
    let mut by_side: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    for (i, example) in examples.iter().enumerate() {
        by_side.entry(example.0).or_default().push(i);
    }
    let mut batches: Vec<Vec<usize>> = by_side
        .values()
        .flat_map(|members| members.chunks(batch.max(1)).map(<[usize]>::to_vec))
        .collect();
    if by_side.len() > 1 {
        batches.shuffle(rng);
    }
    batches
}

/// The gradient of a net's weights, in the net's own shape.
pub type Grad = PolicyNet;

/// What a position teaches: grid cells and their shares, summing to 1.
pub type Targets = Vec<(usize, f32)>;

/// A training example: grid side, input planes, the targets, and whether
/// the mover went on to win (for a value head; `None`: not taught).
pub type Example = (usize, Vec<f32>, Targets, Option<bool>);

/// A value head trained on the net's last layer ([`papan_bots::hex::value`])
/// and the weight of its loss against the policy's.
pub type ValueTask<'a> = Option<(&'a ValueHead, f32)>;

/// A batch's summed losses and gradients.
pub struct Gradients {
    pub policy_loss: f64,
    pub value_loss: f64,
    pub net: Grad,
    pub head: Option<ValueHead>,
}

/// The targets of a position turned half a turn ([`half_turn`]).
pub fn half_turn_targets(targets: &Targets, side: usize) -> Targets {
    let cells = side * side;
    targets.iter().map(|&(p, share)| (cells - 1 - p, share)).collect()
}

pub fn zeroed(net: &PolicyNet) -> Grad {
    let mut z = net.clone();
    for conv in &mut z.convs {
        conv.w.fill(0.0);
        conv.b.fill(0.0);
    }
    z.head.fill(0.0);
    z.head_bias = 0.0;
    z
}

pub fn arrays(net: &mut PolicyNet) -> Vec<&mut [f32]> {
    let mut out: Vec<&mut [f32]> = Vec::new();
    for conv in &mut net.convs {
        out.push(&mut conv.w);
        out.push(&mut conv.b);
    }
    out.push(&mut net.head);
    out.push(std::slice::from_mut(&mut net.head_bias));
    out
}

pub struct Adam {
    m: PolicyNet,
    v: PolicyNet,
    steps: i32,
}

impl Adam {
    pub fn new(net: &PolicyNet) -> Adam {
        Adam {
            m: zeroed(net),
            v: zeroed(net),
            steps: 0,
        }
    }

    pub fn step(&mut self, net: &mut PolicyNet, grad: &Grad, rate: f32) {
        self.steps += 1;
        let mut grad = grad.clone();
        let (ws, gs, ms, vs) = (arrays(net), arrays(&mut grad), arrays(&mut self.m), arrays(&mut self.v));
        adam_update(ws, gs, ms, vs, self.steps, rate);
    }
}

/// One Adam step over weight arrays `ws` with gradients `gs` and moments
/// `ms`, `vs` (the `steps`-th step).
fn adam_update(
    ws: Vec<&mut [f32]>,
    gs: Vec<&mut [f32]>,
    ms: Vec<&mut [f32]>,
    vs: Vec<&mut [f32]>,
    steps: i32,
    rate: f32,
) {
    let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let c1 = 1.0 - b1.powi(steps);
    let c2 = 1.0 - b2.powi(steps);
    for (((w, g), m), v) in ws.into_iter().zip(gs).zip(ms).zip(vs) {
        for i in 0..w.len() {
            m[i] = b1 * m[i] + (1.0 - b1) * g[i];
            v[i] = b2 * v[i] + (1.0 - b2) * g[i] * g[i];
            w[i] -= rate * (m[i] / c1) / ((v[i] / c2).sqrt() + eps);
        }
    }
}

/// The batch's mean losses and gradients, its samples split over `threads`.
pub fn batch_gradient(net: &PolicyNet, value: ValueTask<'_>, batch: &[&Example], threads: usize) -> Gradients {
    let per = batch.len().div_ceil(threads.max(1));
    let parts: Vec<Gradients> = std::thread::scope(|scope| {
        let handles: Vec<_> = batch
            .chunks(per.max(1))
            .map(|part| scope.spawn(move || chunk_gradient(net, value, part)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a training thread panicked"))
            .collect()
    });
    let mut total = Gradients {
        policy_loss: 0.0,
        value_loss: 0.0,
        net: zeroed(net),
        head: value.map(|(head, _)| zeroed_head(head)),
    };
    for mut part in parts {
        total.policy_loss += part.policy_loss;
        total.value_loss += part.value_loss;
        add_into(arrays(&mut total.net), arrays(&mut part.net));
        if let (Some(t), Some(g)) = (total.head.as_mut(), part.head.as_mut()) {
            add_into(head_arrays(t).into(), head_arrays(g).into());
        }
    }
    let scale = 1.0 / batch.len() as f32;
    let mut scaled: Vec<&mut [f32]> = arrays(&mut total.net);
    if let Some(h) = total.head.as_mut() {
        scaled.extend(head_arrays(h));
    }
    for a in scaled {
        a.iter_mut().for_each(|v| *v *= scale);
    }
    total
}

fn add_into(total: Vec<&mut [f32]>, part: Vec<&mut [f32]>) {
    for (t, g) in total.into_iter().zip(part) {
        for (t, g) in t.iter_mut().zip(g.iter()) {
            *t += *g;
        }
    }
}

/// A value head's weights as arrays (for Adam and the sums).
pub fn head_arrays(head: &mut ValueHead) -> [&mut [f32]; 4] {
    [
        &mut head.w1,
        &mut head.b1,
        &mut head.w2,
        std::slice::from_mut(&mut head.b2),
    ]
}

pub fn zeroed_head(head: &ValueHead) -> ValueHead {
    let mut z = head.clone();
    head_arrays(&mut z).into_iter().for_each(|a| a.fill(0.0));
    z
}

/// Adam for a value head.
pub struct HeadAdam {
    m: ValueHead,
    v: ValueHead,
    steps: i32,
}

impl HeadAdam {
    pub fn new(head: &ValueHead) -> HeadAdam {
        HeadAdam {
            m: zeroed_head(head),
            v: zeroed_head(head),
            steps: 0,
        }
    }

    pub fn step(&mut self, head: &mut ValueHead, grad: &ValueHead, rate: f32) {
        self.steps += 1;
        let mut grad = grad.clone();
        let (ws, gs) = (head_arrays(head).into(), head_arrays(&mut grad).into());
        let (ms, vs) = (head_arrays(&mut self.m).into(), head_arrays(&mut self.v).into());
        adam_update(ws, gs, ms, vs, self.steps, rate);
    }
}

/// Summed losses and gradients of some samples of one grid size.
pub fn chunk_gradient(net: &PolicyNet, value: ValueTask<'_>, samples: &[&Example]) -> Gradients {
    let side = samples[0].0;
    let cells = side * side;
    let rows = cells * samples.len();
    let neighbours = neighbour_table(side);
    let mut grad = zeroed(net);
    // Forward, keeping each layer's input columns and outputs.
    let mut x: Vec<f32> = samples.iter().flat_map(|s| s.1.iter().copied()).collect();
    let mut columns = Vec::new(); // each layer's im2col matrix
    let mut pre = Vec::new(); // each layer's output before the rectifier
    for conv in &net.convs {
        let a = im2col(&x, conv.cin, &neighbours, samples.len(), cells);
        let mut z = vec![0.0f32; rows * conv.cout];
        for r in 0..rows {
            z[r * conv.cout..(r + 1) * conv.cout].copy_from_slice(&conv.b);
        }
        gemm(
            rows,
            7 * conv.cin,
            conv.cout,
            &a,
            (7 * conv.cin, 1),
            &conv.w,
            (conv.cout, 1),
            &mut z,
            1.0,
        );
        let mut h: Vec<f32> = z.iter().map(|v| v.max(0.0)).collect();
        if conv.residual() {
            h.iter_mut().zip(&x).for_each(|(h, x)| *h += x);
        }
        x = h;
        columns.push(a);
        pre.push(z);
    }
    // The head and the loss: softmax over each sample's empty cells.
    let channels = net.channels();
    let mut loss = 0.0;
    let mut dh = vec![0.0f32; rows * channels];
    for (i, s) in samples.iter().enumerate() {
        if s.2.is_empty() {
            continue; // no move to teach (a value's example)
        }
        let logits: Vec<f32> = (0..cells)
            .map(|p| {
                let row = &x[(i * cells + p) * channels..(i * cells + p + 1) * channels];
                net.head_bias + row.iter().zip(&net.head).map(|(h, w)| h * w).sum::<f32>()
            })
            .collect();
        let legal = |p: usize| s.1[p * INPUT_PLANES + EMPTY_PLANE] > 0.0;
        let max = (0..cells)
            .filter(|&p| legal(p))
            .map(|p| logits[p])
            .fold(f32::NEG_INFINITY, f32::max);
        let total: f32 = (0..cells).filter(|&p| legal(p)).map(|p| (logits[p] - max).exp()).sum();
        // Cross-entropy against the targets' shares: the gradient at a
        // cell is its softmax less its share.
        let mut share = vec![0.0f32; cells];
        for &(p, t) in &s.2 {
            share[p] += t;
            loss -= (t * ((logits[p] - max) - total.ln())) as f64;
        }
        for p in (0..cells).filter(|&p| legal(p)) {
            let d = (logits[p] - max).exp() / total - share[p];
            let r = i * cells + p;
            let row = &x[r * channels..(r + 1) * channels];
            for c in 0..channels {
                grad.head[c] += d * row[c];
                dh[r * channels + c] = d * net.head[c];
            }
            grad.head_bias += d;
        }
    }
    // The value head on the pooled last layer, its gradient added to the
    // policy head's at each cell (a mean spreads over the board's cells, a
    // largest value goes to its cell).
    let mut value_loss = 0.0;
    let mut head_grad = value.map(|(head, _)| zeroed_head(head));
    if let (Some((head, weight)), Some(g)) = (value, head_grad.as_mut()) {
        let (mut pooled, mut hidden) = (Vec::new(), Vec::new());
        let board_cells: Vec<usize> = (0..cells)
            .filter(|p| {
                let (r, c) = (p / side, p % side);
                r > 0 && c > 0 && r < side - 1 && c < side - 1
            })
            .collect();
        for (i, s) in samples.iter().enumerate() {
            let Some(won) = s.3 else { continue };
            let features = &x[i * cells * channels..(i + 1) * cells * channels];
            pool(features, side, channels, &mut pooled);
            let z = head.logit(&pooled, &mut hidden);
            let p = 1.0 / (1.0 + (-z).exp());
            value_loss -= if won {
                (p as f64).max(1e-7).ln()
            } else {
                (1.0 - p as f64).max(1e-7).ln()
            };
            let dz = weight * (p - if won { 1.0 } else { 0.0 });
            g.b2 += dz;
            let mut dpooled = vec![0.0f32; pooled.len()];
            for (h, &unit) in hidden.iter().enumerate() {
                g.w2[h] += dz * unit;
                if unit > 0.0 {
                    let dh_h = dz * head.w2[h];
                    g.b1[h] += dh_h;
                    for (k, &xk) in pooled.iter().enumerate() {
                        g.w1[k * head.hidden + h] += dh_h * xk;
                        dpooled[k] += dh_h * head.w1[k * head.hidden + h];
                    }
                }
            }
            let count = board_cells.len() as f32;
            for c in 0..channels {
                let mean_part = dpooled[c] / count;
                let mut top = board_cells[0];
                for &q in &board_cells {
                    dh[(i * cells + q) * channels + c] += mean_part;
                    if features[q * channels + c] > features[top * channels + c] {
                        top = q;
                    }
                }
                dh[(i * cells + top) * channels + c] += dpooled[channels + c];
            }
        }
    }
    // Backward through the layers.
    for (l, conv) in net.convs.iter().enumerate().rev() {
        let (cin, cout) = (conv.cin, conv.cout);
        let z = &pre[l];
        let dz: Vec<f32> = dh.iter().zip(z).map(|(d, z)| if *z > 0.0 { *d } else { 0.0 }).collect();
        let g = &mut grad.convs[l];
        for r in 0..rows {
            for (b, d) in g.b.iter_mut().zip(&dz[r * cout..(r + 1) * cout]) {
                *b += d;
            }
        }
        // dW = Aᵀ dZ
        gemm(
            7 * cin,
            rows,
            cout,
            &columns[l],
            (1, 7 * cin),
            &dz,
            (cout, 1),
            &mut g.w,
            1.0,
        );
        if l == 0 {
            break;
        }
        // dA = dZ Wᵀ, then back onto the cells (col2im), plus the residual.
        let mut da = vec![0.0f32; rows * 7 * cin];
        gemm(rows, cout, 7 * cin, &dz, (cout, 1), &conv.w, (1, cout), &mut da, 0.0);
        let mut dx = if conv.residual() {
            dh.clone()
        } else {
            vec![0.0f32; rows * cin]
        };
        for i in 0..samples.len() {
            for (p, taps) in neighbours.iter().enumerate().take(cells) {
                let r = i * cells + p;
                for (t, &q) in taps.iter().enumerate() {
                    if q == u32::MAX {
                        continue;
                    }
                    let dst = (i * cells + q as usize) * cin;
                    let src = r * 7 * cin + t * cin;
                    for ci in 0..cin {
                        dx[dst + ci] += da[src + ci];
                    }
                }
            }
        }
        dh = dx;
    }
    Gradients {
        policy_loss: loss,
        value_loss,
        net: grad,
        head: head_grad,
    }
}

/// Each cell's seven taps' channels side by side: `rows` × `7 cin`.
fn im2col(x: &[f32], cin: usize, neighbours: &[[u32; 7]], samples: usize, cells: usize) -> Vec<f32> {
    let mut a = vec![0.0f32; samples * cells * 7 * cin];
    for i in 0..samples {
        for (p, taps) in neighbours.iter().enumerate().take(cells) {
            let r = i * cells + p;
            for (t, &q) in taps.iter().enumerate() {
                if q != u32::MAX {
                    let src = (i * cells + q as usize) * cin;
                    a[r * 7 * cin + t * cin..r * 7 * cin + (t + 1) * cin].copy_from_slice(&x[src..src + cin]);
                }
            }
        }
    }
    a
}

/// `c = a · b + beta c` for an `m`×`k` and a `k`×`n` matrix given by
/// (row, column) strides.
#[allow(clippy::too_many_arguments)]
fn gemm(
    m: usize,
    k: usize,
    n: usize,
    a: &[f32],
    sa: (usize, usize),
    b: &[f32],
    sb: (usize, usize),
    c: &mut [f32],
    beta: f32,
) {
    assert!(a.len() > (m - 1) * sa.0 + (k - 1) * sa.1);
    assert!(b.len() > (k - 1) * sb.0 + (n - 1) * sb.1);
    assert!(c.len() >= m * n);
    // SAFETY: the asserts above keep every index the strides reach inside
    // the three slices, and `c` is borrowed mutably alone.
    unsafe {
        sgemm(
            m,
            k,
            n,
            1.0,
            a.as_ptr(),
            sa.0 as isize,
            sa.1 as isize,
            b.as_ptr(),
            sb.0 as isize,
            sb.1 as isize,
            beta,
            c.as_mut_ptr(),
            n as isize,
            1,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use papan_bots::hex::policy::Scratch;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Two positions on a 3×3 board (a 5×5 grid), one of each side to
    /// move: the first teaches the cell played, the second two cells'
    /// shares of the visits.
    fn examples() -> Vec<Example> {
        let mut board = FastBoard::empty(3);
        let inner: Vec<usize> = board.inner().collect();
        board.cells[inner[4]] = 1;
        board.cells[inner[0]] = 2;
        let mut out = Vec::new();
        for (mover, shares) in [
            (1u8, vec![(inner[2], 1.0)]),
            (2u8, vec![(inner[7], 0.7), (inner[5], 0.3)]),
        ] {
            let mut planes = Vec::new();
            encode(&board, mover, &mut planes);
            let targets = shares.iter().map(|&(at, t)| (grid_of(at, 5, mover), t)).collect();
            out.push((5, planes, targets, Some(mover == 1)));
        }
        out
    }

    #[test]
    fn batches_hold_one_size_each_and_every_position_once() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        // 9×9 and 11×11 grids (sides 11 and 13), interleaved as a shuffle leaves them.
        let examples: Vec<Example> = (0..23)
            .map(|i| (if i % 3 == 0 { 13 } else { 11 }, Vec::new(), vec![(i, 1.0)], None))
            .collect();
        let batches = size_batches(&examples, 4, &mut rng);
        let mut seen: Vec<usize> = batches.iter().flatten().copied().collect();
        seen.sort_unstable();
        assert_eq!(seen, (0..23).collect::<Vec<_>>(), "each position in one batch");
        for members in &batches {
            assert!(!members.is_empty() && members.len() <= 4);
            assert!(
                members.iter().all(|&i| examples[i].0 == examples[members[0]].0),
                "{members:?}"
            );
        }
        // 15 positions of side 11 and 8 of side 13: 4 + 2 batches.
        assert_eq!(batches.len(), 6);
        // With one size, the batches are the positions cut in order.
        let one: Vec<Example> = (0..6).map(|i| (11, Vec::new(), vec![(i, 1.0)], None)).collect();
        assert_eq!(size_batches(&one, 4, &mut rng), vec![vec![0, 1, 2, 3], vec![4, 5]]);
    }

    fn loss(net: &PolicyNet, batch: &[&Example]) -> f64 {
        chunk_gradient(net, None, batch).policy_loss
    }

    #[test]
    fn the_batched_forward_gives_the_players_logits() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let net = PolicyNet::random(6, 3, || rng.random::<f32>());
        let examples = examples();
        let batch: Vec<&Example> = examples.iter().collect();
        // The loss by the app's forward pass, cell by cell.
        let mut scratch = Scratch::default();
        let mut expected = 0.0;
        for (side, planes, targets, _) in &examples {
            scratch.input.clone_from(planes);
            net.forward(*side, &mut scratch);
            let legal: Vec<usize> = (0..side * side)
                .filter(|&p| planes[p * INPUT_PLANES + EMPTY_PLANE] > 0.0)
                .collect();
            let total: f64 = legal.iter().map(|&p| (scratch.logits[p] as f64).exp()).sum();
            for &(p, share) in targets {
                expected -= share as f64 * (scratch.logits[p] as f64 - total.ln());
            }
        }
        let got = loss(&net, &batch);
        assert!((got - expected).abs() < 1e-4, "batched {got}, one by one {expected}");
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let net = PolicyNet::random(4, 3, || rng.random::<f32>());
        let examples = examples();
        let batch: Vec<&Example> = examples.iter().collect();
        let mut grad = chunk_gradient(&net, None, &batch).net;
        let mut checked = 0;
        let array_count = arrays(&mut grad).len();
        for a in 0..array_count {
            let len = arrays(&mut grad)[a].len();
            for i in (0..len).step_by(len.div_ceil(6)) {
                let analytic = arrays(&mut grad)[a][i] as f64;
                let eps = 2e-3f32;
                let mut up = net.clone();
                arrays(&mut up)[a][i] += eps;
                let mut down = net.clone();
                arrays(&mut down)[a][i] -= eps;
                let numeric = (loss(&up, &batch) - loss(&down, &batch)) / (2.0 * eps as f64);
                assert!(
                    (analytic - numeric).abs() < 2e-3 + 0.05 * numeric.abs(),
                    "array {a} weight {i}: analytic {analytic}, numeric {numeric}"
                );
                checked += 1;
            }
        }
        assert!(checked >= 30, "checked {checked} weights");
    }

    /// Policy and value losses together, the value's at weight 0.7.
    fn joint_loss(net: &PolicyNet, head: &ValueHead, batch: &[&Example]) -> f64 {
        let g = chunk_gradient(net, Some((head, 0.7)), batch);
        g.policy_loss + 0.7 * g.value_loss
    }

    #[test]
    fn the_value_heads_gradient_matches_finite_differences_down_to_the_first_layer() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let net = PolicyNet::random(4, 3, || rng.random::<f32>());
        let head = papan_bots::hex::value::ValueNet::random(4, 0, 5, || rng.random::<f32>()).head;
        let examples = examples();
        let batch: Vec<&Example> = examples.iter().collect();
        let grads = chunk_gradient(&net, Some((&head, 0.7)), &batch);
        assert!(grads.value_loss > 0.0);
        let (mut grad, mut head_grad) = (grads.net, grads.head.expect("a head's gradient"));
        let eps = 2e-3f32;
        let close = |analytic: f64, numeric: f64, what: String| {
            assert!(
                (analytic - numeric).abs() < 2e-3 + 0.05 * numeric.abs(),
                "{what}: analytic {analytic}, numeric {numeric}"
            );
        };
        let mut checked = 0;
        for a in 0..arrays(&mut grad).len() {
            let len = arrays(&mut grad)[a].len();
            for i in (0..len).step_by(len.div_ceil(5)) {
                let (mut up, mut down) = (net.clone(), net.clone());
                arrays(&mut up)[a][i] += eps;
                arrays(&mut down)[a][i] -= eps;
                let numeric = (joint_loss(&up, &head, &batch) - joint_loss(&down, &head, &batch)) / (2.0 * eps as f64);
                close(
                    arrays(&mut grad)[a][i] as f64,
                    numeric,
                    format!("net array {a} weight {i}"),
                );
                checked += 1;
            }
        }
        for a in 0..4 {
            let len = head_arrays(&mut head_grad)[a].len();
            for i in (0..len).step_by(len.div_ceil(5)) {
                let (mut up, mut down) = (head.clone(), head.clone());
                head_arrays(&mut up)[a][i] += eps;
                head_arrays(&mut down)[a][i] -= eps;
                let numeric = (joint_loss(&net, &up, &batch) - joint_loss(&net, &down, &batch)) / (2.0 * eps as f64);
                close(
                    head_arrays(&mut head_grad)[a][i] as f64,
                    numeric,
                    format!("head array {a} weight {i}"),
                );
                checked += 1;
            }
        }
        assert!(checked >= 40, "checked {checked} weights");
    }

    #[test]
    fn training_steps_lower_the_loss() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut net = PolicyNet::random(8, 2, || rng.random::<f32>());
        let examples = examples();
        let batch: Vec<&Example> = examples.iter().collect();
        let before = loss(&net, &batch);
        let mut adam = Adam::new(&net);
        for _ in 0..50 {
            let grad = batch_gradient(&net, None, &batch, 2).net;
            adam.step(&mut net, &grad, 0.01);
        }
        let after = loss(&net, &batch);
        assert!(after < before * 0.5, "loss {before} → {after}");
    }

    #[test]
    fn a_half_turn_keeps_each_sides_edges() {
        let examples = examples();
        let (side, planes, _, _) = &examples[0];
        let turned = half_turn(planes);
        let cells = side * side;
        // The mover's frame row above becomes the one below.
        for p in 1..side - 1 {
            assert_eq!(planes[p * INPUT_PLANES], 1.0, "the mover's top frame");
            assert_eq!(turned[(cells - 1 - p) * INPUT_PLANES], 1.0, "… now at the bottom");
        }
        assert_eq!(half_turn(&turned), *planes);
    }
}
