"""vae_posterior_collapse: a small VAE on 16-dimensional data drawn around
eight cluster centres, trained with a KL weight (beta) of 200 from the first
step and no warm-up. The KL term is pushed to 0 within a few epochs: every
input's posterior becomes the prior, the decoder outputs the data's mean
whatever the code, and the reconstruction loss stalls at the data's
variance. Printed the way the PyTorch VAE example prints an epoch.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import torch
from torch import nn
from torch.nn import functional as F

DIM, LATENT, N, EPOCHS, BATCH, BETA = 16, 4, 4096, 15, 128, 200.0

torch.manual_seed(0)
centres = torch.randn(8, DIM) * 2
x = centres[torch.randint(8, (N,))] + 0.3 * torch.randn(N, DIM)
enc = nn.Sequential(nn.Linear(DIM, 64), nn.ReLU(), nn.Linear(64, 2 * LATENT))
dec = nn.Sequential(nn.Linear(LATENT, 64), nn.ReLU(), nn.Linear(64, DIM))
opt = torch.optim.Adam(list(enc.parameters()) + list(dec.parameters()), lr=1e-3)
for epoch in range(1, EPOCHS + 1):
    perm = torch.randperm(N)
    recon_sum = kl_sum = 0.0
    for b in range(0, N, BATCH):
        xb = x[perm[b:b + BATCH]]
        mu, logvar = enc(xb).chunk(2, dim=1)
        z = mu + torch.randn_like(mu) * (0.5 * logvar).exp()
        recon = F.mse_loss(dec(z), xb, reduction="none").sum(1).mean()
        kl = (-0.5 * (1 + logvar - mu.pow(2) - logvar.exp()).sum(1)).mean()
        loss = recon + BETA * kl
        opt.zero_grad()
        loss.backward()
        opt.step()
        recon_sum += recon.item() * len(xb)
        kl_sum += kl.item() * len(xb)
    print("====> Epoch: %d Average loss: %.4f recon_loss: %.4f kl_loss: %.6f"
          % (epoch, (recon_sum + BETA * kl_sum) / N, recon_sum / N, kl_sum / N))
