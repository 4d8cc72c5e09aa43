/* kz-position.c — positions, making moves, the end of the game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-position.h"
#include "kz-movegen.h"

#include <string.h>

const uint64_t KZ_ZOBRIST_PIECE[2][KZ_GRID_SIZE] = {
  {
    UINT64_C (0x910a2dec89025cc1), UINT64_C (0x975835de1c9756ce), UINT64_C (0x1d0b14e4db018fed),
    UINT64_C (0x6e73e372e2338aca), UINT64_C (0x63033b0ca389c35a), UINT64_C (0xbd64a5d9adefe000),
    UINT64_C (0x63cbe1e459320dd7), UINT64_C (0x9e5651b0ef953636), UINT64_C (0xaeaf52febe706064),
    UINT64_C (0x088712be8a582fca), UINT64_C (0x50f5647d2380309d), UINT64_C (0x943ff9fc99de8f03),
    UINT64_C (0xc4ca37b7f8ad8aff), UINT64_C (0x6aa9d61435dbe63e), UINT64_C (0x875b9307abf55005),
    UINT64_C (0x5de186dcba779207), UINT64_C (0x808475f02ee37363), UINT64_C (0x1120b3d00955f032),
    UINT64_C (0xbc4075f2ef431a44), UINT64_C (0x362259904816818c), UINT64_C (0x06ca0a95b7e825c7),
    UINT64_C (0xc80de0f9d4d60e0a), UINT64_C (0xe8d7da001b0181d6), UINT64_C (0xaac8c00000a81e44),
    UINT64_C (0xa208c12cf0c7b709), UINT64_C (0xc3b7f4e80f554dda), UINT64_C (0x974e35325981068a),
    UINT64_C (0x905c768ad49f146c), UINT64_C (0xbb7b49ab8801cf70), UINT64_C (0xa8ee577af2720dce),
    UINT64_C (0xd7599677879feaea), UINT64_C (0xeaeb7f27b54e2401), UINT64_C (0x2c0e0fedbe2218a8),
    UINT64_C (0x89242d2dd9d4a40d), UINT64_C (0x4d5cb825dfaab05b), UINT64_C (0xe9b316290724ba1b),
    UINT64_C (0xc7ab56057c8da907), UINT64_C (0xeb01cfaf16b47eb0), UINT64_C (0xce6a57a6e3ccdeec),
    UINT64_C (0x369eae0b0ca19112), UINT64_C (0x118e846ea93bc949), UINT64_C (0xbdd732262feb6e95),
    UINT64_C (0xba69ec90eb4fef88), UINT64_C (0xfb452912299a5453), UINT64_C (0xf7e9f3f88cc04ad6),
  },
  {
    UINT64_C (0x3706970b052f16b1), UINT64_C (0x2c1c719d2c17b759), UINT64_C (0xe5aeaa7575ad84c4),
    UINT64_C (0x051c9d6dbc0a79ca), UINT64_C (0x5351ebfc8b302867), UINT64_C (0x6707e8333343cb0f),
    UINT64_C (0xd0b1b125e467daaf), UINT64_C (0x8e64bfa85c308c9a), UINT64_C (0xd08f003850439a4b),
    UINT64_C (0x49f64e7a9b76929b), UINT64_C (0x8b425770edf587a4), UINT64_C (0xe5f50758d870dbb2),
    UINT64_C (0x6258cbe07c1ff081), UINT64_C (0x5709ba31dfe2649c), UINT64_C (0x8795cc503eda4f23),
    UINT64_C (0xbd9e8145f2fa917b), UINT64_C (0x9192105c8367ccf5), UINT64_C (0x0de7f33488454a0c),
    UINT64_C (0x0981d32ae0dff915), UINT64_C (0xcf64624732260342), UINT64_C (0x6e159ae8300518f8),
    UINT64_C (0xd34711b5dbaac9b5), UINT64_C (0xf4c4962e561469c2), UINT64_C (0x3d9b64451af7f223),
    UINT64_C (0xd0f8252577628d86), UINT64_C (0xef96e022e649cec6), UINT64_C (0xf85507da4c69f9d2),
    UINT64_C (0x9d589011dcd0f76f), UINT64_C (0xfb43e48309ca2db7), UINT64_C (0xf5d716b2f98bf127),
    UINT64_C (0xfb761138e1e0a78c), UINT64_C (0x6232969000262121), UINT64_C (0x4f5da978776a9db1),
    UINT64_C (0xf0eea8c8a0607d15), UINT64_C (0x42f3a9364c476be3), UINT64_C (0x23259b94f13cf544),
    UINT64_C (0xd1024a5fad64d717), UINT64_C (0x11402f2430284f2c), UINT64_C (0x19e7518defa0f0b0),
    UINT64_C (0x47784b983a872ed6), UINT64_C (0xbba2aa66f998b193), UINT64_C (0x225ac33c6d679b92),
    UINT64_C (0x230275d791e422cc), UINT64_C (0xcd19f198025ce714), UINT64_C (0xb32f0f46fbfbccde),
  },
};

/* index where + 1: 0 is KZ_FLAG_HOME */
const uint64_t KZ_ZOBRIST_FLAG[2][KZ_GRID_SIZE + 1] = {
  {
    UINT64_C (0x3c1eba8b4dccc148), UINT64_C (0x533e00f7f3c606d4), UINT64_C (0xeefa317fac7ab8fd),
    UINT64_C (0x9a989360446679b8), UINT64_C (0xc8e28bfe16044686), UINT64_C (0xee73b213dfd00283),
    UINT64_C (0x73107157f961ea45), UINT64_C (0xe637bb4c9e7d0985), UINT64_C (0xeeca0d1638d4ff44),
    UINT64_C (0x927f2452d4b0258a), UINT64_C (0x5267207749d7d891), UINT64_C (0x7d58d2344464bd8e),
    UINT64_C (0x103269e656fb174c), UINT64_C (0x2f61324e2880d25c), UINT64_C (0xa05955c9267c7f5f),
    UINT64_C (0xacd6640cd844b3db), UINT64_C (0xe4ef795ff906fdce), UINT64_C (0x5982b57817b1014f),
    UINT64_C (0x3d836a4cefe2d32c), UINT64_C (0x5ffdc18818799a51), UINT64_C (0x685fee6db9884765),
    UINT64_C (0xab1b255251aabb9f), UINT64_C (0x99803e79206b9de2), UINT64_C (0xc99070d0b823c1bf),
    UINT64_C (0x4426acba529f17cc), UINT64_C (0x98fd4a3eba5761f5), UINT64_C (0xd75ab635202ff869),
    UINT64_C (0xfe7f4d1f11dac5e8), UINT64_C (0xe3a920efc4409c42), UINT64_C (0xbd6f06c9da178cc3),
    UINT64_C (0x1416b2fc5e794939), UINT64_C (0x5b45a4a7152f9b41), UINT64_C (0x68d7a2ce8eba591c),
    UINT64_C (0x6e1ad258bb59a39b), UINT64_C (0x0dd281ca0fc8f793), UINT64_C (0x012bd79c680791ae),
    UINT64_C (0x6fbea466b13fce84), UINT64_C (0x61c223b280ff955c), UINT64_C (0xf63d542f42b063da),
    UINT64_C (0xdf88318c88cc5fe2), UINT64_C (0x42e7cdb2a969552b), UINT64_C (0x4259010126b363d2),
    UINT64_C (0x95f9f779259e6b9d), UINT64_C (0x2281577824742403), UINT64_C (0x72c54ff1213dc704),
    UINT64_C (0xbde303994ced506c),
  },
  {
    UINT64_C (0x1cf2d5bec4f57509), UINT64_C (0x7538c866b5b5e5e8), UINT64_C (0x1780692cb30979b2),
    UINT64_C (0x637f3a941b361532), UINT64_C (0xde46dc4874992d17), UINT64_C (0x97629500787d9c76),
    UINT64_C (0x0ff65a881d6404c3), UINT64_C (0x941605cc9feb6af7), UINT64_C (0x87a6132da17f1747),
    UINT64_C (0x03aad6ff044a4744), UINT64_C (0x4f159b33563ac4d6), UINT64_C (0x9c8f1cd4736d2bee),
    UINT64_C (0xa6da9ad6bf6bcecc), UINT64_C (0xc420cb611c3b194c), UINT64_C (0x55dedc29689da895),
    UINT64_C (0x61d8de0ed31c45d5), UINT64_C (0x3f04a5b3f14ed072), UINT64_C (0x8a135b10bd1f3ea5),
    UINT64_C (0x312e9ed8c44f5c1d), UINT64_C (0xe5a087068b116d77), UINT64_C (0x304b1130ab09c593),
    UINT64_C (0x8af039bf654ba0fa), UINT64_C (0x72ea674e476cc758), UINT64_C (0xdfdf1b603f2678a9),
    UINT64_C (0x41523d23b2479c6a), UINT64_C (0xdd7aeebddd8099af), UINT64_C (0x3dfa037d4bdafb49),
    UINT64_C (0x46932d98e96f7dad), UINT64_C (0xdb26ff4783c35acd), UINT64_C (0x47d25ccd1e09aa34),
    UINT64_C (0x5c2e168fc740d9e6), UINT64_C (0x4466f3a946fd1384), UINT64_C (0x0e29247a7fd7374c),
    UINT64_C (0xfc62792dc80161d0), UINT64_C (0x7c4d83c2d2648a22), UINT64_C (0x45b8ca48009b2b66),
    UINT64_C (0xdac9cdbe657b5844), UINT64_C (0x33d0b6215f393f12), UINT64_C (0x7eb86b3a2fccec5b),
    UINT64_C (0x21c86abc49803589), UINT64_C (0x0840bec1876c4a81), UINT64_C (0xb0d2ccc530c78c16),
    UINT64_C (0xab8e5893798d4171), UINT64_C (0xabef1efe42014d6e), UINT64_C (0x3dd4d93e7516fb63),
    UINT64_C (0xf9ff0721062fbf18),
  },
};

void
kz_position_init_empty (KzPosition *pos)
{
  memset (pos, 0, sizeof *pos);
  pos->flag[0] = pos->flag[1] = KZ_FLAG_HOME;
  pos->side = KZ_COSSACKS;
  pos->hash = kz_position_compute_hash (pos);
}

void
kz_position_init_start (KzPosition *pos)
{
  kz_position_init_empty (pos);
  /* RULES.md §3 */
  KzBits c = 0, t = 0;
  for (int f = 0; f < 5; f++)
    {
      c |= KZ_BIT (KZ_SQ (f, 0)) | KZ_BIT (KZ_SQ (f, 2));
      t |= KZ_BIT (KZ_SQ (f, 8)) | KZ_BIT (KZ_SQ (f, 6));
    }
  c |= KZ_BIT (KZ_SQ (1, 1)) | KZ_BIT (KZ_SQ (3, 1));
  t |= KZ_BIT (KZ_SQ (1, 7)) | KZ_BIT (KZ_SQ (3, 7));
  for (int f = 1; f <= 3; f++)
    {
      c |= KZ_BIT (KZ_SQ (f, 3));
      t |= KZ_BIT (KZ_SQ (f, 5));
    }
  pos->pieces[KZ_COSSACKS] = c;
  pos->pieces[KZ_TURKS] = t;
  pos->hash = kz_position_compute_hash (pos);
}

uint64_t
kz_position_compute_hash (const KzPosition *pos)
{
  uint64_t h = 0;
  for (int s = 0; s < 2; s++)
    {
      for (KzBits b = pos->pieces[s]; b; b &= b - 1)
        h ^= kz_zobrist_piece (s, kz_bit_scan (b));
      h ^= kz_zobrist_flag (s, pos->flag[s]);
    }
  if (pos->side == KZ_TURKS)
    h ^= KZ_ZOBRIST_SIDE;
  return h;
}

void
kz_position_put (KzPosition *pos, int side, int sq, bool present)
{
  bool had = pos->pieces[side] >> sq & 1;
  if (had == present)
    return;
  pos->pieces[side] ^= KZ_BIT (sq);
  pos->hash ^= kz_zobrist_piece (side, sq);
}

bool
kz_position_equal (const KzPosition *a, const KzPosition *b)
{
  return a->pieces[0] == b->pieces[0] && a->pieces[1] == b->pieces[1]
         && a->flag[0] == b->flag[0] && a->flag[1] == b->flag[1]
         && a->side == b->side;
}

void
kz_position_make_move (KzPosition *pos, const KzMove *move)
{
  int s = pos->side, o = 1 - s;
  uint64_t h = pos->hash;

  pos->pieces[s] &= ~KZ_BIT (move->from);
  pos->pieces[s] |= KZ_BIT (move->to);
  h ^= kz_zobrist_piece (s, move->from) ^ kz_zobrist_piece (s, move->to);

  if (move->captured)
    {
      pos->pieces[o] &= ~move->captured;
      for (KzBits b = move->captured; b; b &= b - 1)
        h ^= kz_zobrist_piece (o, kz_bit_scan (b));
    }

  if (move->carried)
    for (int f = 0; f < 2; f++)
      if ((move->carried >> f & 1) && pos->flag[f] != move->to)
        {
          h ^= kz_zobrist_flag (f, pos->flag[f]) ^ kz_zobrist_flag (f, move->to);
          pos->flag[f] = (int8_t) move->to;
        }

  pos->side = (uint8_t) o;
  pos->hash = h ^ KZ_ZOBRIST_SIDE;
}

KzOutcome
kz_position_outcome (const KzPosition *pos)
{
  int last = 1 - pos->side;
  if (kz_position_flag_delivered (pos))
    return (KzOutcome) { last, KZ_REASON_FLAG };
  if (pos->pieces[pos->side] == 0)
    return (KzOutcome) { last, KZ_REASON_ANNIHILATION };
  if (kz_count_moves (pos) == 0)
    return (KzOutcome) { last, KZ_REASON_BLOCKED };
  return (KzOutcome) { -1, KZ_REASON_NONE };
}

bool
kz_move_equal (const KzMove *a, const KzMove *b)
{
  if (a->from != b->from || a->to != b->to || a->n_jumps != b->n_jumps)
    return false;
  return memcmp (a->path, b->path, a->n_jumps) == 0;
}
