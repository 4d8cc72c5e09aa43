/* kz-glicko.c — the Glicko-2 rating system, the steps of Glickman's
 * "Example of the Glicko-2 system" (2013) one by one; Lichess's
 * implementation (lila, modules/rating, Glicko2 after Goochjs's
 * glicko2 in Java) computes the same.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-glicko.h"

#include <math.h>

/* The Glicko-2 scale: μ = (r − 1500) / 173.7178, φ = RD / 173.7178. */
#define SCALE 173.7178
/* The convergence tolerance of step 5 (the paper's ε). */
#define EPSILON 0.000001

void
kz_glicko_init (KzGlicko *player)
{
  player->rating = KZ_GLICKO_DEFAULT_RATING;
  player->deviation = KZ_GLICKO_DEFAULT_DEVIATION;
  player->volatility = KZ_GLICKO_DEFAULT_VOLATILITY;
}

static double
g_of (double phi)
{
  return 1.0 / sqrt (1.0 + 3.0 * phi * phi / (M_PI * M_PI));
}

static double
expected (double mu, double mu_j, double phi_j)
{
  return 1.0 / (1.0 + exp (-g_of (phi_j) * (mu - mu_j)));
}

/* Step 5's f(x). */
static double
f_of (double x, double delta, double phi, double v, double a, double tau)
{
  double ex = exp (x);
  double d = phi * phi + v + ex;
  return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
}

void
kz_glicko_update_raw (KzGlicko *player, const KzGlickoGame *games, int n, double tau)
{
  /* step 2 */
  double mu = (player->rating - 1500.0) / SCALE;
  double phi = player->deviation / SCALE;
  double sigma = player->volatility;
  if (n <= 0)
    {
      /* a period without games: only the deviation grows */
      player->deviation = sqrt (phi * phi + sigma * sigma) * SCALE;
      return;
    }

  /* steps 3 and 4 */
  double v_inv = 0, sum = 0;
  for (int j = 0; j < n; j++)
    {
      double mu_j = (games[j].rating - 1500.0) / SCALE;
      double phi_j = games[j].deviation / SCALE;
      double g = g_of (phi_j);
      double e = expected (mu, mu_j, phi_j);
      v_inv += g * g * e * (1.0 - e);
      sum += g * (games[j].score - e);
    }
  double v = 1.0 / v_inv;
  double delta = v * sum;

  /* step 5: the new volatility (the Illinois algorithm) */
  double a = log (sigma * sigma);
  double A = a, B;
  if (delta * delta > phi * phi + v)
    B = log (delta * delta - phi * phi - v);
  else
    {
      int k = 1;
      while (f_of (a - k * tau, delta, phi, v, a, tau) < 0)
        k++;
      B = a - k * tau;
    }
  double fA = f_of (A, delta, phi, v, a, tau);
  double fB = f_of (B, delta, phi, v, a, tau);
  while (fabs (B - A) > EPSILON)
    {
      double C = A + (A - B) * fA / (fB - fA);
      double fC = f_of (C, delta, phi, v, a, tau);
      if (fC * fB <= 0)
        {
          A = B;
          fA = fB;
        }
      else
        fA /= 2.0;
      B = C;
      fB = fC;
    }
  double sigma_new = exp (A / 2.0);

  /* steps 6 to 8 */
  double phi_star = sqrt (phi * phi + sigma_new * sigma_new);
  double phi_new = 1.0 / sqrt (1.0 / (phi_star * phi_star) + 1.0 / v);
  double mu_new = mu + phi_new * phi_new * sum;
  player->rating = mu_new * SCALE + 1500.0;
  player->deviation = phi_new * SCALE;
  player->volatility = sigma_new;
}

void
kz_glicko_update (KzGlicko *player, const KzGlickoGame *games, int n)
{
  kz_glicko_update_raw (player, games, n, KZ_GLICKO_TAU);
  player->deviation = CLAMP (player->deviation, KZ_GLICKO_MIN_DEVIATION,
                             KZ_GLICKO_MAX_DEVIATION);
}
