# gnubg_best.py -- GNU Backgammon's best plays for puzzle-gen (papan-tools,
# src/puzzle/backgammon.rs). Runs INSIDE gnubg's embedded Python:
#   GBUTIL_DIR=crates/rules/tests/data/gnubg gnubg -t -q -r -p gnubg_best.py
# One query a line on stdin, "<Position ID> <d1> <d2>" (the side on roll's
# view); one JSON line back per query on stdout, flushed at once:
#   {"pos": ..., "dice": [d1, d2], "moves": [{"move", "equity", "plies",
#    "after"}, ...]}  -- gnubg's best three plays by its 2-ply hint (its
#   normal move filter), each scored at 2-ply (cubeless money equity; one
#   the filter cut at 0-ply is evaluated at 2-ply here), best first;
#   "after" is the Position ID after the play, still from the mover's view.
import os, sys, json
sys.path.insert(0, os.environ.get('GBUTIL_DIR', '.'))
import gnubg
import gbutil

out = gbutil.quiet()
gbutil.setup(plies=2)

while True:
    line = sys.stdin.readline()
    if not line:
        break
    parts = line.split()
    if len(parts) != 3:
        continue
    q = {'pos': parts[0], 'dice': [int(parts[1]), int(parts[2])]}
    board, dice = gbutil.parse_query(q)
    gbutil.set_position(board, dice)
    h = gnubg.hint(3)['hint']
    moves = []
    for m in h[:3]:
        after = gbutil.apply_move(board, gnubg.parsemove(m['move']))
        eq, plies = m['equity'], m['context']['plies']
        if plies != 2:
            # Cut by the move filter at a lower depth: looked at 2-ply here.
            eq, plies = gbutil.eval_after_move(after, 2)[0], 2
        moves.append({'move': m['move'], 'equity': eq, 'plies': plies,
                      'after': gnubg.positionid(after)})
    moves.sort(key=lambda m: -m['equity'])
    out.write(json.dumps({'pos': q['pos'], 'dice': q['dice'], 'moves': moves}) + "\n")
    out.flush()
