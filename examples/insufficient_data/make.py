"""insufficient_data: a quick three-epoch run of the 10-class MLP of the
healthy_classifier example: the log holds three loss values, too few to say
anything about the shape of the training curve. Printed the way tf.keras
model.fit(..., validation_data=...) prints with verbose=1.

Regenerate:  /usr/bin/python3 make.py > train.log
"""
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
subprocess.run([sys.executable, os.path.join(here, "..", "healthy_classifier", "make.py"), "3"], check=True)
