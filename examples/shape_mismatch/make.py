"""shape_mismatch: a small CNN on 16x16 synthetic digit-like images whose
forward() flattens with x.view(BATCH_SIZE, -1), a hard-coded batch size. Every
full batch works; the last batch of the epoch holds 1000 % 64 = 40 images,
which view() silently regroups as 64 rows of 160 values, and the Linear layer
that expects 256 fails at the end of epoch 1. Printed in the format of the
yunjey/pytorch-tutorial scripts ("Epoch [e/E], Step [s/S], Loss: x").

Regenerate:  /usr/bin/python3 make.py > train.log 2>&1     (exits with status 1)
"""
import torch
from torch import nn
from torch.nn import functional as F

torch.manual_seed(0)
NUM_EPOCHS, BATCH_SIZE, LR, N = 5, 64, 1e-3, 1000
# Ten "digit" templates plus noise: a stand-in for a small image dataset.
templates = (torch.rand(10, 1, 16, 16) > 0.6).float()
labels = torch.randint(10, (N,))
images = templates[labels] + 0.5 * torch.randn(N, 1, 16, 16)


class ConvNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 8, 3, padding=1)
        self.conv2 = nn.Conv2d(8, 16, 3, padding=1)
        self.fc = nn.Linear(16 * 4 * 4, 10)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = x.view(BATCH_SIZE, -1)  # BUG: breaks on a smaller last batch
        return self.fc(x)


model = ConvNet()
optimizer = torch.optim.Adam(model.parameters(), lr=LR)
loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(images, labels),
                                     batch_size=BATCH_SIZE, shuffle=True)
total_step = len(loader)
for epoch in range(NUM_EPOCHS):
    for i, (x, y) in enumerate(loader):
        loss = F.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if (i + 1) % 3 == 0:
            print(f"Epoch [{epoch + 1}/{NUM_EPOCHS}], Step [{i + 1}/{total_step}], Loss: {loss.item():.4f}",
                  flush=True)
