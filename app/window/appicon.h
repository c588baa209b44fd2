#pragma once
// The app's icon: the desktop theme's recompute-lab icon where one is installed (packaging/icons),
// else the same PNG sizes built into the binary, so a window, the About box and a build run from
// the checkout all show it.

#include <QIcon>

QIcon applicationIcon();
