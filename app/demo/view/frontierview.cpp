#include "frontierview.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "demo/charts/frontierchart.h"

using rlab::demo::DemoResult;

FrontierView::FrontierView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("frontierView"));
    m_hint = new QLabel;
    m_hint->setWordWrap(true);
    m_hint->setForegroundRole(QPalette::PlaceholderText);
    m_against = new QComboBox;
    m_against->setObjectName(QStringLiteral("frontierAgainst"));
    m_againstLabel = new QLabel;
    m_againstLabel->setBuddy(m_against);
    m_chart = new FrontierChart;
    connect(m_against, &QComboBox::activated, this, [this](int index) {
        m_chart->setAgainst(
            index == 1 ? FrontierChart::Against::RecomputeFlops : FrontierChart::Against::StepTime);
    });
    auto* pick = new QHBoxLayout;
    pick->addWidget(m_againstLabel);
    pick->addWidget(m_against, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 0);
    layout->setSpacing(2);
    layout->addWidget(m_hint);
    layout->addLayout(pick);
    layout->addWidget(m_chart, 1);
    retranslate();
}

QWidget* FrontierView::story() const
{
    return m_chart;
}

void FrontierView::setResults(const QList<DemoResult>& results)
{
    m_chart->setResults(results);
}

void FrontierView::retranslate()
{
    m_hint->setText(tr("How to read it: each point is one measured run, memory to the right, cost up; the "
                       "line joins the budget runs that no run keeping less beats. A named policy above "
                       "the line costs more than a budget plan that keeps as little; below it by more than "
                       "its interval would beat the planner."));
    m_againstLabel->setText(tr("Cost:"));
    const int index = std::max(0, m_against->currentIndex());
    m_against->clear();
    m_against->addItems({tr("step time (measured)"), tr("recompute FLOPs (counted)")});
    m_against->setCurrentIndex(index);
    m_against->setAccessibleName(tr("Cost shown against memory"));
    m_chart->retranslate();
}

void FrontierView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}
